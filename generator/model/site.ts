/** The site's code as the generator runs it, and the browser code bundled for its visitors. */
import type { SiteDefinition } from '../contract/index.ts';

export interface SiteBundle {
  code: string;
  /** The file it was bundled from (absolute), for stack traces. */
  filename: string;
  /** The packages the bundle asks the generator for. */
  packages: string[];
  /** esbuild's map of the code (a file, read when a stack needs it: bundle/site-code-map.ts) and the folder its sources are relative to. */
  sourceMap?: { file: string; root: string };
}

/** The site's code as an earlier build bundled it, kept while nothing it was made of has changed (pipeline/kept-site-code.ts). */
export interface KeptCode {
  /** The bundle of `entry` (relative to the project) and its inputs, when it may be taken as it is. */
  find(entry: string): { bundle: SiteBundle; inputs: string[] } | undefined;
  /** Notes a bundle esbuild made of `inputs` (absolute), having begun at `startedAt` (Date.now()), to keep if the build succeeds. */
  keep(entry: string, bundle: SiteBundle, inputs: readonly string[], startedAt: number): void;
}

/** The browser's code as an earlier build bundled it, kept likewise (pipeline/kept-site-code.ts). */
export interface KeptClient {
  /** The bundle made by `recipe` (its entries and options), when it may be taken as it is. */
  find(recipe: string): ClientBundle | undefined;
  /** Notes a bundle esbuild made by `recipe`, having begun at `startedAt` (Date.now()), to keep if the build succeeds. */
  keep(recipe: string, bundle: ClientBundle, startedAt: number): void;
}

export interface LoadedSite {
  site: SiteDefinition;
  /** Source files the site module is made of (absolute), for the dev server's watcher. */
  inputs: string[];
  /** The bundle and what it needs to run again elsewhere (a render worker). */
  bundle: SiteBundle;
}

/** What every page loads of the browser code: public paths relative to the base. */
export interface ClientAssets {
  styles: string[];
  /** Scripts every page loads. */
  scripts: string[];
  /** The island runtime: loaded only by pages that have an island. */
  islandRuntime: string | undefined;
  /**
   * Per island: every chunk it needs to hydrate (its own, React, and what they import). A page
   * whose island hydrates at load preloads them, so they download while the HTML is read
   * instead of one import after another once the runtime starts.
   */
  islandPreloads: Record<string, string[]>;
  /** Minified head scripts, inlined as they are. */
  headScripts: string[];
}

export interface ClientBundle extends ClientAssets {
  /** Output files under assets/, path → bytes. */
  files: Map<string, Uint8Array>;
  /** Source files the bundle is made of (absolute), for the watcher. */
  inputs: string[];
}
