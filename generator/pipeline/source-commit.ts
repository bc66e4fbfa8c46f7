/** The commit the site's sources are at, when they are in git (or CI names it): for the output's next-change file. */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export function sourceCommit(root: string): string | undefined {
  if (process.env.GITHUB_SHA) return process.env.GITHUB_SHA;
  try {
    const gitDir = gitFolder(root);
    if (!gitDir) return undefined;
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return /^[0-9a-f]{40}$/.test(head) ? head : undefined;
    const ref = head.slice(5);
    // A worktree keeps its HEAD apart, and the branches in the repository's common folder.
    const common = readOptional(path.join(gitDir, 'commondir'));
    const folders = [gitDir, ...(common ? [path.resolve(gitDir, common.trim())] : [])];
    for (const folder of folders) {
      const loose = readOptional(path.join(folder, ref))?.trim();
      if (loose) return loose;
      const packed = readOptional(path.join(folder, 'packed-refs'));
      const line = packed?.split('\n').find((entry) => entry.endsWith(` ${ref}`));
      if (line) return line.slice(0, 40);
    }
  } catch {
    // Not a repository clubsite can read: the commit is not known.
  }
  return undefined;
}

/** The repository's folder of the project, or undefined (a worktree's .git is a file naming it). */
function gitFolder(root: string): string | undefined {
  for (let dir = root; ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, '.git');
    const stats = statSync(dotGit, { throwIfNoEntry: false });
    if (stats?.isDirectory()) return dotGit;
    if (stats?.isFile()) {
      const named = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1];
      return named ? path.resolve(dir, named.trim()) : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
