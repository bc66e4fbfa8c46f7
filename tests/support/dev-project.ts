import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from './site-build.ts';

export interface DevProject {
  root: string;
  contentDir: string;
  /** A path inside the copy. */
  at: (file: string) => string;
  remove: () => Promise<void>;
}

/**
 * A copy of the club site (content, templates, site code, and the tool it imports) in a temporary folder,
 * for tests and benchmarks that save files: the repository's own files are never touched.
 * node_modules is linked, not copied. `from` is the repository (benchmarks, bundled into
 * node_modules/.cache, pass the working directory).
 */
export async function copyProject(from = projectRoot): Promise<DevProject> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'clubsite-dev-'));
  await Promise.all(
    ['content', 'templates', 'site', 'client', 'generator', 'package.json', 'tsconfig.json'].map((entry) =>
      cp(path.join(from, entry), path.join(root, entry), { recursive: true }),
    ),
  );
  await symlink(path.join(from, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return {
    root,
    contentDir: path.join(root, 'content'),
    at: (file) => path.join(root, file),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** Adds `count` Markdown pages under content/pages/generert/ (a large site for benchmarks). */
export async function addGeneratedPages(contentDir: string, count: number): Promise<void> {
  const dir = path.join(contentDir, 'pages', 'generert');
  await mkdir(dir, { recursive: true });
  const paragraph = 'Treningen starter med oppvarming på land, så svømmer vi teknikkøvelser i grupper etter nivå. ';
  await Promise.all(
    Array.from({ length: count }, (_, index) =>
      writeFile(
        path.join(dir, `side-${String(index + 1).padStart(4, '0')}.md`),
        [
          '---',
          `title: Generert side ${index + 1}`,
          `description: En av ${count} sider laget for å måle hvor raskt utviklingsserveren bygger.`,
          '---',
          '',
          `## Økt ${index + 1}`,
          '',
          paragraph.repeat(4),
          '',
          `- Punkt én for side ${index + 1}`,
          '- Punkt to',
          '- Punkt tre',
          '',
        ].join('\n'),
      ),
    ),
  );
}
