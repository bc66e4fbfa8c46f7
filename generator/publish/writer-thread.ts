/**
 * The writer's thread (background-writer.ts): plain JavaScript, run from this text (nothing to
 * bundle). A folder is made one level at a time below the output folder, never recursively:
 * once an interrupted build has removed the output folder, a write still under way fails rather
 * than making it again. A folder that exists already (made by the thread that hands out pages to
 * render workers) is only looked at, not made: making a folder takes its parent's lock, which
 * that thread may be holding. A folder is renamed (move) in its turn among the writes, once
 * every file given before is written.
 *
 * In place (`workerData.inPlace`: the folder is the site an earlier build wrote, spare-folder.ts),
 * the thread first looks at what the folder holds (spare-look.ts), off the thread that builds. A
 * file that is already the kept copy it is to be (as the folder's list says, or the same inode: a
 * hard link made by an earlier build) is left as it is; any other is removed before it is written
 * or linked, never written through (it may be another name of a cache's copy, or of a file
 * outside); what is neither a file nor a folder (a symlink) is removed, so nothing is written
 * through one. What the build did not put again is removed at the end (sweep), with the folders
 * left empty: the folder then holds exactly what a fresh one would, and its list is written.
 */
import { SPARE_LOOK } from './spare-look.ts';

export const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const crypto = require('node:crypto');
const path = require('node:path');
const root = workerData.folder;
let inPlace = workerData.inPlace === true;
const made = new Set([root]);
// Folders this thread made: one in them is made without a look first (the other thread makes
// folders for the pages it hands out, seldom here; a page a cache kept has a folder of its own).
const madeHere = new Set();
// In place: the files the folder held ('/'-separated, relative) with the kept copy each is a link
// to ('' written; undefined not known), each taken out as the build puts it again, and folders
// that may be left empty: what is left of both goes at the end. What the build put, for the list.
const before = new Map();
const emptied = new Set();
const after = new Map();
// In place: files the folder's list names as links to a kept copy, in folders touched since it
// was written (spare-look.ts), not believed until looked at (confirm); and the sizes of the
// kept copies confirmed so (-1: not a file).
const claims = new Map();
const sizes = new Map();
${SPARE_LOOK}
if (inPlace) {
  try {
    lookAtSpare();
  } catch {
    // Not to be read whole: emptied, and written as a fresh folder.
    for (const name of fs.readdirSync(root)) fs.rmSync(path.join(root, name), { recursive: true, force: true });
    before.clear();
    emptied.clear();
    inPlace = false;
  }
  // Other threads may write into the folder now.
  parentPort.postMessage({ looked: true });
  // (Defined below: looked up once the whole script has run.)
  if (inPlace && claims.size > 0) setImmediate(() => confirm([...claims], 0));
}
const relative = (to) => to.slice(root.length + 1).split(path.sep).join('/');
const renamed = (files, from, to) => {
  for (const [file, kept] of [...files]) {
    if (!file.startsWith(from)) continue;
    files.delete(file);
    files.set(to + file.slice(from.length), kept);
  }
};
// In place: a file of the build's at \`file\` (\`from\`: the kept copy it links to, '' written).
const put = (file, from) => {
  before.delete(file);
  after.set(file, from);
};
// In place: whatever is at \`to\` goes, so that what is written there is a file of its own.
const clear = (to) => {
  const info = fs.lstatSync(to, { throwIfNoEntry: false });
  if (!info) return;
  if (info.isDirectory()) {
    fs.rmSync(to, { recursive: true, force: true });
    forget(relative(to) + '/');
  } else fs.unlinkSync(to);
};
// In place, a few hundred at a time while the thread waits for the build's first files (they
// come once its pages are rendered): each claim looked at, and believed when the file is the
// same inode as the copy it names, whose size is noted. A claim is then not looked at again at
// the end of the build, when the build waits for this thread: a search index's parts, whose
// folder is touched at every build, are linked with their size checked (linkWhole).
const CONFIRMED_AT_ONCE = 256;
const sizeOf = (copy) => {
  const info = fs.statSync(copy, { throwIfNoEntry: false });
  const size = info && info.isFile() ? info.size : -1;
  sizes.set(copy, size);
  return info && size >= 0 ? info : undefined;
};
const confirm = (claimed, from) => {
  const end = Math.min(claimed.length, from + CONFIRMED_AT_ONCE);
  for (let at = from; at < end; at += 1) {
    const [file, copy] = claimed[at];
    // Put since (written or linked), or renamed: nothing left to believe.
    if (claims.get(file) !== copy || !before.has(file) || before.get(file) !== undefined) continue;
    const there = fs.lstatSync(path.join(root, file), { throwIfNoEntry: false });
    const kept = sizeOf(copy);
    if (there && there.isFile() && kept && kept.ino === there.ino && kept.dev === there.dev) before.set(file, copy);
  }
  if (end < claimed.length) setImmediate(confirm, claimed, end);
  else claims.clear();
};
// In place: whether the file at \`file\` is \`from\` already, and whole (\`bytes\`, when known):
// as the folder's list says, or when not known, if it is another name of it.
const kept = (from, file, bytes) => {
  const was = before.get(file);
  if (was !== undefined && was !== from) return false;
  if (was === from && (bytes === undefined || sizes.get(from) === bytes)) return true;
  try {
    const there = fs.lstatSync(path.join(root, file), { throwIfNoEntry: false });
    if (!there || !there.isFile() || (bytes !== undefined && there.size !== bytes)) return false;
    if (was === from) return true;
    const copy = fs.statSync(from, { throwIfNoEntry: false });
    return copy !== undefined && copy.ino === there.ino && copy.dev === there.dev && copy.size === there.size;
  } catch {
    // (A file where one of its folders goes is not looked through: not the same.)
    return false;
  }
};
const makeFolder = (folder) => {
  if (made.has(folder)) return;
  const parent = path.dirname(folder);
  if (parent === folder) throw new Error(folder + ' is outside the folder being written.');
  makeFolder(parent);
  if (inPlace) {
    const info = fs.lstatSync(folder, { throwIfNoEntry: false });
    if (info && !info.isDirectory()) clear(folder);
    if (!info || !info.isDirectory()) fs.mkdirSync(folder);
  } else if (madeHere.has(parent) || !fs.existsSync(folder)) {
    try {
      fs.mkdirSync(folder);
      madeHere.add(folder);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
  }
  made.add(folder);
};
// A file as it was (a page a cache kept): a second name for it when it is on the same file system.
const linkOrCopy = (from, to) => {
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
};
// A copy kept elsewhere (the page cache): never a reason for the build to fail.
// A page cache's copy is a copy: an edit of the output never writes through to the cache.
const keep = (file, at) => {
  try {
    if (!fs.existsSync(at)) fs.copyFileSync(file, at);
  } catch {}
};
// Where a file goes: its folder made, and in place, what was there cleared and the file not swept.
const placeOf = (file, from) => {
  const to = path.join(root, file);
  makeFolder(path.dirname(to));
  if (inPlace) {
    clear(to);
    put(file, from);
  }
  return to;
};
// A kept copy (a search index's part), checked here, off the thread that builds, and written as a
// copy (never a link: an edit of the output must not reach the cache): one gone or whose bytes do
// not hash to its digest is not put in the output, but told, and made there again.
const linkWhole = (from, file, digest, missing) => {
  const to = placeOf(file, from);
  try {
    const bytes = fs.readFileSync(from);
    if (crypto.createHash('sha256').update(bytes).digest('base64url') === digest) return fs.writeFileSync(to, bytes);
  } catch {}
  // Made again on the other thread once this one is done (remade-copies.ts): a file of its own.
  if (inPlace) after.set(file, '');
  missing.push(file);
};
const link = (from, file) => {
  if (inPlace && kept(from, file)) return put(file, from);
  linkOrCopy(from, placeOf(file, from));
};
const move = (from, to) => {
  const target = path.join(root, to);
  makeFolder(path.dirname(target));
  if (inPlace) clear(target);
  fs.renameSync(path.join(root, from), target);
  made.delete(path.join(root, from));
  if (!inPlace) return;
  renamed(before, from + '/', to + '/');
  renamed(after, from + '/', to + '/');
  renamed(claims, from + '/', to + '/');
};
// In place: the folder's one folder under \`under\` (an earlier build's, say its search index's
// parts) becomes \`into\`, so that the files written there next that it held already stay.
const recycle = (into, under) => {
  if (!inPlace) return;
  const target = path.join(root, into);
  if (fs.existsSync(target)) return;
  let entries = [];
  try {
    entries = fs.readdirSync(path.join(root, under), { withFileTypes: true });
  } catch {}
  const old = entries.find((entry) => entry.isDirectory() && path.join(root, under, entry.name) !== target);
  if (!old) return;
  makeFolder(path.dirname(target));
  fs.renameSync(path.join(root, under, old.name), target);
  renamed(before, under + '/' + old.name + '/', into + '/');
  renamed(claims, under + '/' + old.name + '/', into + '/');
};
// In place, at the end: what the build did not put again goes, and the folders that leaves
// empty (the folder's list is written once that is answered).
const sweep = () => {
  for (const file of before.keys()) {
    try {
      fs.unlinkSync(path.join(root, file));
    } catch {}
    const folder = path.posix.dirname(file);
    if (folder !== '.') emptied.add(folder);
  }
  before.clear();
  // Deepest first: a folder's path is longer than its parent's.
  for (const folder of [...emptied].sort((a, b) => b.length - a.length)) {
    for (let at = folder; at !== '.'; at = path.posix.dirname(at)) {
      try {
        fs.rmdirSync(path.join(root, at));
      } catch {
        break;
      }
    }
  }
  emptied.clear();
};
let failed = false;
parentPort.on('message', (batch) => {
  let failure;
  const missing = [];
  for (const [file, data, movedTo, from, keepAt, links, under, sweepNow, linked] of failed ? [] : batch) {
    try {
      if (linked !== undefined) {
        for (let at = 0; at < linked.length; at += 2) link(linked[at], linked[at + 1]);
      } else if (links !== undefined) {
        for (let at = 0; at < links.length; at += 3) linkWhole(links[at], links[at + 1], links[at + 2], missing);
      } else if (under !== undefined) recycle(file, under);
      else if (sweepNow) {
        if (inPlace) sweep();
      } else if (data === null) {
        if (inPlace) put(file, '');
      } else if (movedTo !== undefined) move(file, movedTo);
      else if (from !== undefined) link(from, file);
      else {
        const to = placeOf(file, '');
        fs.writeFileSync(to, data);
        if (keepAt !== undefined) keep(to, keepAt);
      }
    } catch (error) {
      failed = true;
      failure = { message: error.message, code: error.code, syscall: error.syscall, path: error.path };
      break;
    }
  }
  parentPort.postMessage({ failure, missing });
  // The sweep answered, the build goes on to its swap while the folder's list is written here.
  if (batch.some((entry) => entry[7] === true)) {
    if (inPlace && !failed) writeList();
    parentPort.postMessage({ listed: true });
  }
});
`;
