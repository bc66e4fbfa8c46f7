/**
 * The two sites the tool-level suites run on (render workers, the render cache, _headers, the
 * split index, the bad-input corpus, valid HTML): the club's, and the mini site
 * (tests/build/fixtures/mini), an outside project whose folders have names of its own. A suite
 * runs `describe.each(SITES)` and reads each site's names from here, never assuming the club's.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type BuildOptions, type BuildResult } from '../../generator/pipeline/build.ts';
import { copyProject, type DevProject } from './dev-project.ts';
import { linkTool, projectOptions } from './outside-project.ts';
import { projectRoot } from './site-build.ts';

export interface TestSite {
  /** As a test's name shows it. */
  name: string;
  /** The content folder, its pages folder and the output folder, relative to the project. */
  content: string;
  /** The content folder as this repository has it (absolute): a changed copy's is put back from it. */
  contentSource: string;
  pages: string;
  out: string;
  /** The page that shows the search index, the island that searches it, and whether that island is React (its modules are preloaded). */
  search: { route: string; island: string; react: boolean };
  /** A copy in a temporary folder of its own, to change and build (`remove` when done). */
  copy(): Promise<DevProject>;
}

/** The mini site in a temporary folder, with the tool linked as node_modules/clubsite. */
const MINI_FOLDER = path.join(projectRoot, 'tests/build/fixtures/mini');

async function copyMini(): Promise<DevProject> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'clubsite-mini-'));
  await cp(MINI_FOLDER, root, { recursive: true });
  await linkTool(root);
  return {
    root,
    contentDir: path.join(root, MINI.content),
    at: (file) => path.join(root, file),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

export const CLUB: TestSite = {
  name: 'the club site',
  content: 'content',
  contentSource: path.join(projectRoot, 'content'),
  pages: 'content/pages',
  out: 'dist',
  search: { route: '/search', island: 'search-results', react: false },
  copy: () => copyProject(),
};

export const MINI: TestSite = {
  name: 'the mini site',
  content: 'data',
  contentSource: path.join(MINI_FOLDER, 'data'),
  pages: 'data/routes',
  out: 'public',
  search: { route: '/find', island: 'finder', react: true },
  copy: copyMini,
};

export const SITES = [CLUB, MINI] as const;

/** The site in `root` built in memory with its configuration's names, as the CLI would build it. */
export async function buildProject(root: string, options: Partial<BuildOptions> = {}): Promise<BuildResult> {
  return build({ ...(await projectOptions(root)), ...options });
}

/** A site built in memory at `now` as it is (the club's in place, the mini site from a copy). */
export async function buildTestSite(site: TestSite, now: string): Promise<BuildResult> {
  if (site === CLUB) return buildProject(projectRoot, { now });
  const project = await site.copy();
  try {
    return await buildProject(project.root, { now });
  } finally {
    await project.remove();
  }
}
