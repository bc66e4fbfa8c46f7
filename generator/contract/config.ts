/**
 * A project's configuration: `clubsite.config.ts` beside its package.json, default-exporting
 * `defineConfig({ … })`. Every name has a default, so a project that keeps them needs no file.
 */
export interface ProjectConfig {
  /** The site definition module, relative to the project (`.ts`, `.tsx`, `.js` or `.jsx` may be left out). Default: `templates/index`. */
  siteEntry?: string;
  /** The folder of the content files, relative to the project. Default: `content`. */
  contentDir?: string;
  /** The template of a page whose front matter names none. Default: `article`. */
  defaultTemplate?: string;
  /** The folder `build` writes and `preview` serves, relative to the project. Default: `dist`. */
  outDir?: string;
}

/** The project's configuration, as it is given (with its types checked). */
export function defineConfig(config: ProjectConfig): ProjectConfig {
  return config;
}
