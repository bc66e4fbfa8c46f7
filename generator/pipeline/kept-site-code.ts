/**
 * The code esbuild made in an earlier build, kept (pipeline/kept-bundle.ts): the site's code
 * (`.clubsite/cache/site-code.bin`) and the browser's (`client-code.bin`), each for the same
 * generator code, esbuild, project and what it was bundled from; written once the build has
 * succeeded (build.ts).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { ClientBundle, KeptClient, KeptCode, SiteBundle } from '../model/site.ts';
import { esbuildVersion } from '../lazy-package.ts';
import { KeptBundle } from './kept-bundle.ts';
import { generatorCode } from './generator-code.ts';

class KeptSiteCode implements KeptCode {
  readonly #kept: KeptBundle<SiteBundle>;

  constructor(
    private readonly cacheDir: string,
    private readonly root: string,
  ) {
    this.#kept = new KeptBundle(path.join(cacheDir, 'site-code.bin'), root);
  }

  find(entry: string): { bundle: SiteBundle; inputs: string[] } | undefined {
    const found = this.#kept.find(madeBy(this.root, entry));
    return found && { bundle: found.made, inputs: found.inputs };
  }

  keep(entry: string, bundle: SiteBundle, inputs: readonly string[], startedAt: number): void {
    this.#kept.keep(madeBy(this.root, entry), bundle, inputs, startedAt);
  }

  succeeded(): void {
    this.#kept.succeeded();
    // What the first format of this cache was kept in (JSON), read by no build now.
    rmSync(path.join(this.cacheDir, 'site-code.json'), { force: true });
  }
}

class KeptClientCode implements KeptClient {
  readonly #kept: KeptBundle<ClientBundle>;

  constructor(
    cacheDir: string,
    private readonly root: string,
  ) {
    this.#kept = new KeptBundle(path.join(cacheDir, 'client-code.bin'), root);
  }

  find(recipe: string): ClientBundle | undefined {
    return this.#kept.find(madeBy(this.root, recipe))?.made;
  }

  keep(recipe: string, bundle: ClientBundle, startedAt: number): void {
    this.#kept.keep(madeBy(this.root, recipe), bundle, bundle.inputs, startedAt);
  }

  succeeded(): void {
    this.#kept.succeeded();
  }
}

/** The kept site code of a build with a cache folder. */
export function keptCodeOf(options: { root: string; cacheDir?: string }): KeptSiteCode | undefined {
  if (options.cacheDir === undefined) return undefined;
  const root = path.resolve(options.root);
  return new KeptSiteCode(path.resolve(root, options.cacheDir), root);
}

/** The kept browser code of a build with a cache folder. */
export function keptClientOf(options: { root: string; cacheDir?: string }): KeptClientCode | undefined {
  if (options.cacheDir === undefined) return undefined;
  const root = path.resolve(options.root);
  return new KeptClientCode(path.resolve(root, options.cacheDir), root);
}

const madeBy = (root: string, what: string) => JSON.stringify([generatorCode(), esbuildVersion(), root, what]);
