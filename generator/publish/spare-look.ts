/**
 * Part of the writer's thread (writer-thread.ts, which it is run with: plain JavaScript, sharing
 * its `root`, `before`, `after`, `emptied` and `claims`): what a spare folder holds, looked at
 * before it is brought up to date in place.
 *
 * Listing a 10,000-page site folder by folder costs its thread 90 ms on a RAM disk and half a
 * second on this machine's disk. So a build that wrote in place leaves a list of what the folder
 * holds (each file, and the kept copy it is a link to), in the cache's `output-lists/`, named by
 * the folder's inode; the build that takes the folder as its spare two builds later reads it
 * (and removes it at once: a build that stops part-way leaves none to mislead the next). Only
 * what was touched since the list was written is listed: adding, removing or replacing anything
 * in a folder moves that folder's time, so a folder whose time is older than the list holds what
 * the list says, and the others (and their new content) are listed as without a list. A file of
 * such a folder is looked at when put (the same inode as its kept copy, or written anew). With no
 * list of this folder (or one of another folder that had the same inode), the whole folder is listed.
 */
export const SPARE_LOOK = `
const LIST_MARK = 'clubsite-output-list 1';
// A folder's time this close before its list was written counts as touched since (file systems
// that keep times to a second or two, clocks a little apart).
const SLACK_MS = 2000;
const lists = workerData.lists;
const forget = (prefix) => {
  for (const file of before.keys()) if (file.startsWith(prefix)) before.delete(file);
};
// Every file under \`folder\` (what it is a link to not known), a symlink removed at once.
const lookAll = (folder, prefix) => {
  const entries = fs.readdirSync(folder, { withFileTypes: true });
  // An empty folder (a build makes none) goes at the end, with the folders above it left empty.
  if (entries.length === 0 && prefix) emptied.add(prefix.slice(0, -1));
  for (const entry of entries) {
    const name = prefix + entry.name;
    if (entry.isDirectory()) lookAll(path.join(folder, entry.name), name + '/');
    else if (entry.isFile()) before.set(name, undefined);
    else {
      fs.rmSync(path.join(folder, entry.name), { force: true });
      if (prefix) emptied.add(prefix.slice(0, -1));
    }
  }
};
// The list left of this folder, if there is one; removed as it is read.
const readList = (file, info) => {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
    fs.rmSync(file, { force: true });
  } catch {
    return undefined;
  }
  const lines = text.split('\\n');
  const [mark, ino, born, at] = lines[0].split('\\t');
  if (mark !== LIST_MARK || ino !== String(info.ino) || born !== String(info.birthtimeMs)) return undefined;
  const files = new Map();
  for (let line = 1; line < lines.length; line += 1) {
    const text = lines[line];
    const tab = text.indexOf('\\t');
    if (tab > 0) files.set(text.slice(0, tab), text.slice(tab + 1));
  }
  return { files, at: Number(at) };
};
// The folders a list names, each with what it holds: name → 'f' (a file) or 'd' (a folder).
const foldersOf = (files) => {
  const folders = new Map([['', new Map()]]);
  for (const [file, from] of files) {
    before.set(file, from);
    let child = file;
    for (;;) {
      const slash = child.lastIndexOf('/');
      const folder = slash < 0 ? '' : child.slice(0, slash);
      let held = folders.get(folder);
      const known = held !== undefined;
      if (!known) {
        held = new Map();
        folders.set(folder, held);
      }
      held.set(child.slice(slash + 1), child === file ? 'f' : 'd');
      if (known) break;
      child = folder;
    }
  }
  return folders;
};
// A folder touched since its list: what it holds that the list does not name goes, and what it names is looked at when put.
const lookAgain = (folder, held) => {
  const prefix = folder === '' ? '' : folder + '/';
  const seen = new Set();
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const kind = held.get(entry.name);
    if (kind === 'f' ? entry.isFile() : kind === 'd' && entry.isDirectory()) {
      seen.add(entry.name);
      if (kind === 'f') {
        const file = prefix + entry.name;
        // Not believed as the list says until looked at (writer-thread.ts, confirm).
        if (before.get(file)) claims.set(file, before.get(file));
        before.set(file, undefined);
      }
      continue;
    }
    fs.rmSync(path.join(root, folder, entry.name), { recursive: true, force: true });
    if (folder !== '') emptied.add(folder);
  }
  for (const [name, kind] of held) {
    if (seen.has(name)) continue;
    if (kind === 'f') before.delete(prefix + name);
    else forget(prefix + name + '/');
    held.delete(name);
  }
  if (seen.size === 0 && folder !== '') emptied.add(folder);
};
// The folder as its list says, each folder touched since looked at again, from the top down.
const lookByList = ({ files, at }) => {
  const folders = foldersOf(files);
  const queue = [''];
  for (let next = 0; next < queue.length; next += 1) {
    const folder = queue[next];
    const held = folders.get(folder);
    const info = fs.lstatSync(path.join(root, folder), { throwIfNoEntry: false });
    if (!info || !info.isDirectory()) {
      if (info) fs.rmSync(path.join(root, folder), { force: true });
      forget(folder + '/');
      continue;
    }
    if (info.mtimeMs >= at - SLACK_MS) lookAgain(folder, held);
    for (const [name, kind] of held) if (kind === 'd') queue.push(folder === '' ? name : folder + '/' + name);
  }
};
// What the folder holds, from its list when there is one.
// The folder as first looked at: the list is named by it, and written once the folder may have been swapped in.
let rootInfo;
const lookAtSpare = () => {
  const info = fs.statSync(root);
  rootInfo = info;
  const list = lists === undefined ? undefined : readList(path.join(lists, info.ino + '.list'), info);
  if (list) lookByList(list);
  else lookAll(root, '');
};
// The list of the folder as this build leaves it, for the build that takes it as its spare;
// never a reason to fail (without it, that build lists the whole folder). The two newest stay.
// Written after the sweep is answered, while the build swaps the folder in (by then not at \`root\`).
const writeList = () => {
  if (lists === undefined || rootInfo === undefined) return;
  try {
    const info = rootInfo;
    const lines = [[LIST_MARK, info.ino, info.birthtimeMs, Date.now()].join('\\t')];
    for (const [file, from] of after) {
      if (/[\\t\\n]/.test(file) || /[\\t\\n]/.test(from)) return;
      lines.push(file + '\\t' + from);
    }
    fs.mkdirSync(lists, { recursive: true });
    const to = path.join(lists, info.ino + '.list');
    const temporary = to + '.' + process.pid + '-' + Date.now();
    fs.writeFileSync(temporary, lines.join('\\n') + '\\n');
    fs.renameSync(temporary, to);
    const names = fs.readdirSync(lists).filter((name) => name.endsWith('.list'));
    if (names.length <= 2) return;
    const aged = names.map((name) => [name, fs.statSync(path.join(lists, name)).mtimeMs]).sort((a, b) => b[1] - a[1]);
    for (const [name] of aged.slice(2)) fs.rmSync(path.join(lists, name), { force: true });
  } catch {}
};
`;
