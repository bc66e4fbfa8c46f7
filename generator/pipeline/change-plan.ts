import path from 'node:path';
import { isInside } from '../path-inside.ts';

/** What a batch of saved files makes the dev server redo. Content is always read again. */
export interface ChangePlan {
  /** Bundle and import the site module again (templates, components, schemas changed). */
  site: boolean;
  /** Bundle the browser code again (scripts, islands, styles changed). */
  client: boolean;
  /** Bundle the dev server's own reload client again. */
  devClient: boolean;
  /** Only stylesheets changed: the pages can swap them without a reload. */
  stylesOnly: boolean;
  /** The changed files, relative to the project root, for the terminal. */
  files: string[];
}

export interface ChangeContext {
  root: string;
  contentDir: string;
  /** Absolute source files of the site module and of the client bundle, from the last build. */
  siteInputs: ReadonlySet<string>;
  clientInputs: ReadonlySet<string>;
  devClientInputs: ReadonlySet<string>;
}

const isStyle = (file: string) => /\.css$/i.test(file);

/**
 * Sorts saved files into the least work that makes the site right again:
 * - a file under content/ → read the content again, reuse the site module and client bundle;
 * - a stylesheet → bundle the client again (the pages then swap the stylesheet in place);
 * - a file the site module or the client bundle is made of → bundle that one again;
 * - any other code file (new, or not imported yet) → both, to be safe.
 */
export function planChanges(changed: Iterable<string>, context: ChangeContext): ChangePlan {
  const plan: ChangePlan = { site: false, client: false, devClient: false, stylesOnly: false, files: [] };
  const contentDir = path.resolve(context.contentDir);
  let code = 0;
  let styles = 0;
  for (const raw of changed) {
    const file = path.resolve(context.root, raw);
    plan.files.push(path.relative(context.root, file).split(path.sep).join('/'));
    if (isInside(contentDir, file)) continue;
    code += 1;
    if (context.devClientInputs.has(file)) {
      plan.devClient = true;
      continue;
    }
    const inSite = context.siteInputs.has(file);
    const inClient = context.clientInputs.has(file);
    if (inSite) plan.site = true;
    if (inClient) plan.client = true;
    if (!inSite && !inClient) {
      if (isStyle(file)) plan.client = true;
      else plan.site = plan.client = true;
    }
    if (isStyle(file) && !inSite) styles += 1;
  }
  plan.stylesOnly = code > 0 && styles === code;
  plan.files.sort();
  return plan;
}

/** Two plans as one: what a build that failed still owes is added to the next change. */
export function mergePlans(a: ChangePlan, b: ChangePlan): ChangePlan {
  const files = [...new Set([...a.files, ...b.files])].sort();
  return {
    site: a.site || b.site,
    client: a.client || b.client,
    devClient: a.devClient || b.devClient,
    stylesOnly: (a.stylesOnly || a.files.length === 0) && (b.stylesOnly || b.files.length === 0) && files.length > 0,
    files,
  };
}

export const EMPTY_PLAN: ChangePlan = { site: false, client: false, devClient: false, stylesOnly: false, files: [] };

/**
 * Files an editor writes beside the real one while saving (swap, backup and lock files; vim's
 * 4913 probe; the sedXXXXXX that `sed -i` writes and renames over the file), and folders never
 * watched.
 */
export function isIgnoredPath(file: string): boolean {
  const name = path.basename(file);
  return (
    name === 'node_modules' ||
    name.startsWith('.') ||
    name.endsWith('~') ||
    /\.(swp|swx|swo|tmp|bak|orig|crdownload)$/i.test(name) ||
    /^#.*#$/.test(name) ||
    name === '4913' ||
    /^sed[A-Za-z0-9]{6}$/.test(name) ||
    /___jb_(tmp|old)___$/.test(name)
  );
}
