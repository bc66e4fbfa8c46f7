/** The names a project's configuration gives (clubsite.config.ts), and those of a project without one. */
import type { ProjectConfig } from '../contract/index.ts';

export type ProjectNames = Required<ProjectConfig>;

/** Today's names: what a project that sets none uses. */
export const DEFAULT_NAMES: Readonly<ProjectNames> = {
  siteEntry: 'templates/index',
  contentDir: 'content',
  defaultTemplate: 'article',
  outDir: 'dist',
};
