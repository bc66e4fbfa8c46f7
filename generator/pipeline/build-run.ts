/**
 * What one build is given and keeps as it goes: its options with their defaults, the problems
 * its stages find, and how long each stage took.
 */
import path from 'node:path';
import { Problems } from '../errors.ts';
import type { ContentWalk } from '../load/content-walk.ts';
import { DEFAULT_NAMES } from '../model/project.ts';
import type { LoadedSite } from '../model/site.ts';
import type { PageConsumerMaker, Publisher, Renderer } from '../model/pipeline.ts';
import type { RenderedPage } from '../model/rendered.ts';
import { resolveNow } from '../now.ts';
import type { OutputSizes } from '../publish/output-sizes.ts';
import type { ReadAhead } from './read-ahead.ts';

export interface BuildOptions {
  /** The site's folder: its content folder and the code its site definition imports are here. */
  root: string;
  /** The content folder (relative to root, or absolute); the project's configuration names it (config/project-config.ts). Defaults to DEFAULT_NAMES's. */
  contentDir?: string;
  /** The site definition module, relative to root (.ts or .tsx may be left out). Defaults to DEFAULT_NAMES's. */
  siteEntry?: string;
  /** The template of a page whose front matter names none. Defaults to DEFAULT_NAMES's. */
  defaultTemplate?: string;
  /** The build's clock: a Date, or ISO text as given to --now (a time without zone is in the site's zone); default: CLUBSITE_NOW or the real clock. */
  now?: Date | string;
  /** Base path the site is served under. Defaults to /. */
  base?: string;
  /** Overrides the origin in the site's settings (for previews on another host). */
  origin?: string;
  /** Folder for processed photos (default: CLUBSITE_IMAGE_CACHE, else node_modules/.cache/clubsite/images). */
  imageCache?: string;
  /** Keep photos processed now in that folder (default true; `next-change` only reads it). */
  keepPhotos?: boolean;
  /** Told how far a long stage is (pages rendered, photos processed), for a progress line. */
  onProgress?: (stage: string, done: number, total: number) => void;
  /**
   * Threads that render pages with the default renderer: this one and workers − 1 render
   * workers; by default one per core on a site large enough to pay for starting them. The
   * output is the same for any number.
   */
  workers?: number;
  /** Keep drafts and entries dated later, marked with their status (dev); a build leaves them out. */
  drafts?: boolean;
  /** Minify client code (default true; dev turns it off for readable stack traces). */
  minify?: boolean;
  /** How pages are rendered (default: this thread, or render workers on a large site: pipeline/worker-renderer.ts). */
  renderer?: Renderer;
  /** Where the output goes (default: memory, returned in BuildResult.files and .pages). */
  publisher?: Publisher & BuildOutput;
  /**
   * The page cache's folder: pages whose inputs did not change are taken from it, and the
   * build keeps its pages there for the next (pipeline/page-cache.ts). None: every page is rendered.
   */
  cacheDir?: string;
  /**
   * The caller keeps the pages for the next build (BuildResult.keepPages) once the output is in
   * place, rather than build() as it ends: `clubsite build` keeps them while the folder the swap
   * moved aside is removed.
   */
  keepPagesLater?: boolean;
  /**
   * Called with the files of the site's code and of the browser code once both are bundled,
   * before a page is rendered: a caller that refuses an output folder holding sources refuses it here.
   */
  codeBundled?(files: readonly string[]): Promise<void>;
  /** More things made from every rendered page, besides the tool's own (publish/consumers.ts). */
  consumers?: readonly PageConsumerMaker[];
  /**
   * The caller's look at the content folder (`clubsite build` takes it to tell whether anything
   * changed since the last build): with a cache, the load takes its files' stamps from it rather
   * than looking at each file again.
   */
  contentWalk?: ContentWalk;
  /** The kept files' read (pipeline/kept-sources-file.ts) of `cacheDir`, begun by the caller before it imported the pipeline. */
  sourcesRead?: ReadAhead;
}

/** What a publisher tells of the output once it is made. */
export interface BuildOutput {
  /** The HTML, JavaScript and CSS, in bytes. */
  sizes(): OutputSizes;
  /** Every file by its path, when it keeps them (memory): sorted, but for a dev session's (dev/served-files.ts's allFiles sorts them). */
  files?(): Map<string, string | Uint8Array>;
  /** The rendered pages, when it keeps them. */
  readonly pages?: RenderedPage[];
}

export class BuildRun {
  readonly root: string;
  readonly contentDir: string;
  readonly siteEntry: string;
  readonly defaultTemplate: string;
  readonly problems = new Problems();
  /** Milliseconds per stage, in order. */
  readonly timings: Array<[stage: string, ms: number]> = [];

  constructor(readonly options: BuildOptions) {
    this.root = path.resolve(options.root);
    this.contentDir = path.resolve(this.root, options.contentDir ?? DEFAULT_NAMES.contentDir);
    this.siteEntry = options.siteEntry ?? DEFAULT_NAMES.siteEntry;
    this.defaultTemplate = options.defaultTemplate ?? DEFAULT_NAMES.defaultTemplate;
  }

  /** Runs a stage and notes its time. */
  async stage<T>(name: string, run: () => Promise<T> | T): Promise<T> {
    const start = performance.now();
    try {
      return await run();
    } finally {
      this.timings.push([name, performance.now() - start]);
    }
  }

  /** The build's clock, in the site's time zone. */
  now(site: LoadedSite): Date {
    const { now } = this.options;
    return now instanceof Date ? now : resolveNow(now, site.site.timeZone);
  }

  /** The site definition's file, relative to the project root, for problems in its own settings. */
  siteFile(site: LoadedSite): string {
    return path.relative(this.root, site.bundle.filename);
  }
}
