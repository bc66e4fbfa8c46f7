/**
 * A build session, kept by `clubsite dev`: each `update(changedFiles)` builds the site again
 * with what the last build made, as little work as the change needs. The site module and the
 * client bundle are reused unless a change touched them; a file whose stamp is as it was is not
 * read again; a page whose text is the same is not validated again; a page is rendered again
 * only when something it read changed, or the clock left the interval its answers hold for
 * (incremental-renderer.ts, with the page cache in memory). The search index, the pages that show it,
 * _headers and sitemap.xml are made when first read, not on every save (index/deferred-search.ts).
 * The output is byte for byte what `build` writes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToRequests, setTimeout as sleep } from 'node:timers/promises';
import { loadSite } from '../bundle/load-site.ts';
import { BuildFailed, ContentError, type Language, told } from '../errors.ts';
import { languageOf } from '../messages/say.ts';
import { DeferredSearch, FILES_OF_ALL_PAGES, type MadeFiles } from '../index/deferred-search.ts';
import { indexLink } from '../index/publish-index.ts';
import type { SearchIndexFile } from '../index/search-index.ts';
import { decodeText, MAX_TEXT_BYTES } from '../load/decode-text.ts';
import { type PageCache, stampOf } from '../load/load-content.ts';
import { LoadMemo } from '../load/load-memo.ts';
import type { RenderedPage } from '../model/rendered.ts';
import { MemoryPublisher } from '../publish/memory-publisher.ts';
import { isInside } from '../path-inside.ts';
import { notFoundPage } from '../render/not-found.ts';
import type { ValidatedPages } from '../validate/validate-content.ts';
import { BuildRun } from './build-run.ts';
import { type BuildResult, buildResult } from './build-result.ts';
import { type ChangePlan, EMPTY_PLAN, mergePlans, planChanges } from './change-plan.ts';
import { IncrementalRenderer } from './incremental-renderer.ts';
import { KeptPhotos } from './kept-photos.ts';
import { MemoryPageCache } from './page-cache.ts';
import { PageStream } from './page-stream.ts';
import { PassPlans } from './pass-plans.ts';
import { consumersOf, nextChangeOf, otherFilesOf, passesOf, usedAssetsOf } from './passes.ts';
import { fail, type Prepared, prepare } from './prepare.ts';
import { renderBatch } from './render-batch.ts';
import { ThisThreadRenderer } from './this-thread-renderer.ts';

export interface SessionOptions {
  root: string;
  contentDir: string;
  siteEntry?: string;
  defaultTemplate?: string;
  /** --now; without it, the clock at each update, to the minute. */
  now?: string;
  /** The machine's clock, read at each update when there is no --now (milliseconds; a test's clock). */
  clock?: () => number;
  base: string;
  origin?: string;
}

export class BuildSession {
  /** The last good build. */
  last: BuildResult | undefined;
  /** What failed builds still owe: a template that failed to bundle is bundled again next time. */
  #owed: ChangePlan = { ...EMPTY_PLAN, site: true, client: true };
  /** The site's language, for its problems (errors.ts, told). */
  #language: Language | undefined;
  readonly #parsed: PageCache = new Map();
  readonly #validated: ValidatedPages = new WeakMap();
  /** The pages of the last good build, with what they read: a build renders only those whose reads changed. */
  readonly #cache = new MemoryPageCache();
  readonly #thisThread = new ThisThreadRenderer();
  readonly #photos = new KeptPhotos();
  /** The render passes' plans of the last build: a page it did not touch is not looked up again. */
  readonly #plans = new PassPlans();
  #counts = { rendered: 0, reused: 0 };
  /**
   * Set once the watcher watches: from then on a file it has not reported is not looked at
   * (stat) on each update, 10,000 of them at 10,000 pages; changedOnDisk checks them after.
   */
  #watching = false;
  /** The clock the last build was given (its --now, or the minute it began in). */
  #builtAt = '';
  /** The last load, which a save that edited files listed before carries over (load/load-memo.ts). */
  readonly #loads: LoadMemo;

  constructor(private readonly options: SessionOptions) {
    this.#loads = new LoadMemo({ root: options.root, contentDir: path.resolve(options.root, options.contentDir) });
  }

  /** Pages the last update rendered, and those it took from an earlier build as they were. */
  get counts(): { rendered: number; reused: number } {
    return { ...this.#counts };
  }

  /** Builds again for the files changed since the last update (paths relative to the root, or absolute). Throws as build() does. */
  async update(changed: readonly string[]): Promise<BuildResult> {
    const last = this.last;
    const known = { siteInputs: new Set(last?.site.inputs), clientInputs: new Set(last?.client.inputs) };
    const plan = mergePlans(
      this.#owed,
      planChanges(changed, { ...this.options, ...known, devClientInputs: new Set() }),
    );
    try {
      this.last = await this.#build(plan).catch(async (error: unknown) => {
        // A file that vanished or changed kind between listing and reading: an editor mid-save.
        if (!isSaveRace(error)) throw error;
        await sleep(40);
        return this.#build(plan);
      });
    } catch (error) {
      this.#owed = plan;
      throw told(error, this.#language);
    }
    this.#owed = EMPTY_PLAN;
    return this.last;
  }

  /**
   * Whether each of the saved files holds exactly the text the last good build read of it, so
   * a build for them would make what is served: a save with nothing changed, or a late second
   * event for a save already built. A stamp cannot tell that (two writes of one size within a
   * tick of the clock look alike); the text can. A file's stamp is taken again, so the look
   * after a build does not find it changed. False for any other file (code, images, a file
   * added or removed), while a failed build is owed, and once the clock is in another minute.
   */
  readAsBefore(saved: readonly string[]): boolean {
    if (!this.last || this.#owed !== EMPTY_PLAN || saved.length === 0) return false;
    // Without --now, a build in another minute may show another time: it is built.
    if (String(this.#now()) !== this.#builtAt) return false;
    const contentDir = path.resolve(this.options.root, this.options.contentDir);
    const entries = saved.map((file) => {
      const absolute = path.resolve(this.options.root, file);
      return { absolute, entry: isInside(contentDir, absolute) ? this.#parsed.get(absolute) : undefined };
    });
    for (const { absolute, entry } of entries) {
      if (entry?.text === undefined || textNow(absolute) !== entry.text) return false;
    }
    for (const { absolute, entry } of entries) if (entry) entry.stamp = stampOf(absolute);
    return true;
  }

  /** The watcher is watching the content: a file it did not report is as it was read. */
  trustWatcher(): void {
    this.#watching = true;
  }

  /**
   * Files read earlier that are not as they were read (a change the watcher missed), a few
   * hundred at a time. Once `stop` says so (a save came in, whose build looks again after), it
   * ends with what it found so far: 10,000 stats are not to hold up the build a volunteer waits for.
   */
  async changedOnDisk(stop: () => boolean = () => false): Promise<string[]> {
    const changed: string[] = [];
    let checked = 0;
    for (const [file, entry] of [...this.#parsed]) {
      if (entry.stamp === undefined) continue;
      if (stampOf(file) !== entry.stamp) changed.push(file);
      checked += 1;
      if (checked % 500 === 0) {
        await yieldToRequests();
        if (stop()) return changed;
      }
    }
    if (stop()) return changed;
    // A file added or removed, or an image changed, that the watcher did not report: the last load is not carried over it.
    return [...changed, ...(await this.#loads.missed())];
  }

  async #build(plan: ChangePlan): Promise<BuildResult> {
    const { root } = this.options;
    // Drafts and posts dated later are shown while editing, marked as such.
    const now = this.#now();
    this.#builtAt = String(now);
    const run = new BuildRun({ ...this.options, now, drafts: true });
    const last = this.last;
    const site =
      last && !plan.site ? last.site : await run.stage('site', () => loadSite(root, run.siteEntry).catch(fail));
    this.#language = languageOf(site.site.lang);
    const renderer = new IncrementalRenderer(this.#thisThread, this.#cache, { plans: this.#plans });
    renderer.start(site, () => 0);
    const reported = new Set(plan.files.map((file) => path.resolve(root, file)));
    const built = await prepare(run, site, {
      client: last && !plan.client ? last.client : undefined,
      parsed: this.#parsed,
      unchanged: this.#watching ? (file) => !reported.has(file) : undefined,
      memo: { memo: this.#loads, reported: this.#watching ? [...reported] : undefined },
      validated: this.#validated,
      photos: this.#photos,
    });
    const result = await this.#render(run, built, renderer);
    // Kept only once the build succeeded: a failed one leaves the cache of the last good build.
    renderer.succeeded();
    this.#counts = { ...renderer.counts };
    return result;
  }

  /** The pages, with the search index and what lists every page left to be made when read. */
  async #render(run: BuildRun, built: Prepared, renderer: IncrementalRenderer): Promise<BuildResult> {
    const { first, second } = passesOf(built.site.site, built.routed.pages);
    const used = usedAssetsOf(built);
    const publisher = new MemoryPublisher();
    const stream = new PageStream(publisher, run.problems, [used]);
    const search = new DeferredSearch();
    const firstPass = { context: built.context, pages: first, indexed: true };
    await run.stage('render', () => stream.take(renderer.render(firstPass, publisher), { also: search }));
    // Rendered with a stand-in, so that their problems are told at once; made again with the real index when read.
    const standIn = { ...built.context, searchIndex: indexLink(search.standIn(), built.routed.urls.base) };
    const secondPass = { context: standIn, pages: second, indexed: false };
    await run.stage('render late', () => stream.take(renderer.render(secondPass, publisher)));
    const notFound = { context: built.context, pages: [notFoundPage(built.site.site)], indexed: false };
    await stream.take(renderer.render(notFound, publisher));
    run.problems.stop();
    const next = nextChangeOf(built.clocks, stream.records);
    for (const [file, data] of otherFilesOf(built, next, undefined)) publisher.write(file, data);
    await stream.finish();
    // Stand-ins until the index is made (FILES_OF_ALL_PAGES): what lists every page lists none yet.
    for (const consumer of consumersOf(built)) for (const [file, data] of consumer.files()) publisher.write(file, data);
    run.problems.warnings.push(...used.unused());
    const late = new Set(second.map((page) => built.routed.urls.fileOf(page.route)));
    const lateHtml = second.map((page) => publisher.output.get(built.routed.urls.fileOf(page.route))).join('\n');
    search.finish(new Set([...late, ...FILES_OF_ALL_PAGES]), lateHtml, stream.records, (index) =>
      this.#completed(built, stream.records, index),
    );
    const pages = first.length + second.length;
    const index = () => search.index();
    // The files as written, not sorted: the dev server and its diff look them up by path (10,000 paths, on every save).
    const output = { sizes: () => publisher.sizes(), files: () => publisher.output, pages: publisher.pages };
    return buildResult(run, {
      ...built,
      pages,
      output,
      index,
      documents: search.documents,
      deferred: search,
    });
  }

  /** The real index's files, the pages that show it, and the files that list every page. */
  #completed(built: Prepared, records: PageStream['records'], index: SearchIndexFile): MadeFiles {
    const { site, context, routed } = built;
    const { second } = passesOf(site.site, routed.pages);
    const shown = { ...context, searchIndex: indexLink(index, routed.urls.base) };
    const made = renderBatch(site.site, shown, second, undefined);
    if (made.problems.length > 0) throw new BuildFailed(made.problems.map((problem) => new ContentError(problem)));
    const out = new Map<string, string | Uint8Array>(index.files);
    const renderedLate = new Map((made.pages as RenderedPage[]).map((page) => [page.route, page]));
    for (const page of renderedLate.values()) out.set(page.file, page.html);
    const all = records.map((record) => renderedLate.get(record.route) ?? record);
    for (const consumer of consumersOf(built)) {
      consumer.take({ pages: all, problems: [], warnings: [] });
      for (const [file, data] of consumer.files()) out.set(file, data);
    }
    return out;
  }

  /**
   * --now, else CLUBSITE_NOW, else the clock at this rebuild to the minute: pages rendered in
   * the same minute are reused, and a page that shows the time is at most a minute behind.
   */
  #now(): string | Date | undefined {
    if (this.options.now !== undefined || process.env.CLUBSITE_NOW) return this.options.now;
    const clock = this.options.clock ?? Date.now;
    return new Date(Math.floor(clock() / 60_000) * 60_000);
  }
}

/** A content file's text as a load decodes it, or undefined when it cannot be read as one. */
function textNow(absolute: string): string | undefined {
  try {
    const bytes = readFileSync(absolute);
    return bytes.length > MAX_TEXT_BYTES ? undefined : decodeText(absolute, bytes);
  } catch {
    return undefined;
  }
}

/** A file that vanished or changed kind between listing and reading: an editor mid-save. */
function isSaveRace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (
    !(error instanceof BuildFailed) && ['ENOENT', 'EISDIR', 'ENOTDIR', 'EBUSY', 'EPERM', 'EACCES'].includes(code ?? '')
  );
}
