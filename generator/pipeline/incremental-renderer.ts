/**
 * A renderer that renders only the pages whose inputs changed since the page cache was made,
 * and takes the others from it (page-cache.ts): the page's own file and fields, what every page
 * of its pass shares (page-keys.ts), everything it read (render/reads.ts, each read answered
 * again in this build) and its clock's interval (this build's instant inside it). What it
 * renders, it renders with the renderer it wraps (this thread, or render workers), and keeps.
 * Pages come out in order as from any renderer, whole or as a copy of the kept HTML, with their
 * search postings: the output is byte for byte what a cold build makes.
 */
import type { ErrorDetails } from '../errors.ts';
import type { PagePostings } from '../model/search.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { Publisher, RenderPass, Renderer } from '../model/pipeline.ts';
import { isRendered, isWhole, type PageRecord, type RenderedBatch } from '../model/rendered.ts';
import type { LoadedSite } from '../model/site.ts';
import { NOT_FOUND_ROUTE } from '../render/not-found.ts';
import type { FolderKeptIndex } from './kept-index.ts';
import { type CachedPage, keptHtml, type PageCache } from './page-cache.ts';
import { indexKey, ownKey, sharedKey, shownRead, siteCodeOf } from './page-keys.ts';
import type { PassPlans, PlanStep } from './pass-plans.ts';
import { ReadChecker } from './read-checker.ts';
import { RUN_PAGES, reusedPage, TakenRun } from './reused-pages.ts';
import { recordOf } from './page-stream.ts';
import { sha256 } from '../sealed-file.ts';

export interface CacheReport {
  rendered: number;
  reused: number;
  /** Why each page was rendered (for --verbose). */
  reasons: RenderReason[];
  /** Why the cache was not read, when it was not. */
  notice?: string;
}

/** Why a page was rendered rather than taken from the cache, for --verbose. */
interface RenderReason {
  route: string;
  reason: string;
}

interface Rendered {
  page: PageRecord;
  postings?: PagePostings;
  problems: ErrorDetails[];
}

export class IncrementalRenderer implements Renderer {
  /** This build's pages as the cache will keep them (saved once the build has succeeded). */
  readonly kept = new Map<string, CachedPage>();
  counts = { rendered: 0, reused: 0 };
  readonly reasons: RenderReason[] = [];
  #siteCode = '';
  /** Whether any page was rendered, 404.html too (which the counts leave out). */
  #renderedAny = false;

  constructor(
    private readonly inner: Renderer,
    private readonly cache: PageCache,
    /**
     * What is kept besides the pages: the search index's postings (pipeline/kept-index.ts), or a
     * dev session's plans of its last build (the pages it did not touch are not looked up again).
     */
    keeps: { keptIndex?: FolderKeptIndex; plans?: PassPlans } = {},
  ) {
    this.keptIndex = keeps.keptIndex;
    this.#plans = keeps.plans;
  }

  readonly keptIndex: FolderKeptIndex | undefined;
  readonly #plans: PassPlans | undefined;

  start(site: LoadedSite, pageFiles: () => number): void {
    this.#siteCode = siteCodeOf(site.bundle.code);
    // With a cache, few pages are likely rendered: render workers start only if many are (as the
    // render begins). Without one, every page is, and they start now, as for a cold build.
    this.inner.start(site, this.cache.found ? () => 0 : pageFiles);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  /** Saves this build's pages as the cache, and the search index beside it. */
  succeeded(): void {
    // Every page taken from the cache, and no page of it gone: it already holds this build.
    const same = !this.#renderedAny && this.cache.notice === undefined && this.kept.size === this.cache.size;
    if (!same) this.cache.save(this.kept);
    this.keptIndex?.succeeded(this.kept);
  }

  /** What the summary tells of the cache: how many pages were rendered and reused, and why it was not read. */
  report(): CacheReport {
    return { ...this.counts, reasons: this.reasons, ...(this.cache.notice ? { notice: this.cache.notice } : {}) };
  }

  async *render(pass: RenderPass, publisher: Publisher): AsyncGenerator<RenderedBatch> {
    const shared = sharedKey(this.#siteCode, pass.context);
    await Promise.all([this.cache.looked?.(), this.keptIndex?.looked()]);
    const checker = ReadChecker.of(this.cache.reads);
    const keys = { shared, index: indexKey(pass.context) };
    const plan = this.#plan(pass, keys, checker);
    const toRender = plan.filter((step) => !step.cached).map((step) => step.page);
    this.cache.numbering.newRender();
    const keepHtml = this.cache.keepHtml;
    const noting = { ...pass.context, noteReads: true };
    const rendered = this.#rendered(
      { ...pass, context: noting, pages: toRender, ...(keepHtml ? { keepHtml } : {}) },
      publisher,
    );
    try {
      yield* this.#merged(plan, rendered, pass, keys);
    } finally {
      // The wrapped renderer ends its render (render workers are let go) even when its last page was not asked for.
      await rendered.return(undefined);
    }
  }

  /**
   * The pass's pages in order: each taken from the cache, or the next the wrapped renderer made.
   * A run of pages taken from the cache goes on as one batch (10,000 pages of a dev save, not
   * 10,000 batches each awaited on its own).
   */
  async *#merged(
    plan: PlanStep[],
    rendered: AsyncGenerator<Rendered>,
    pass: RenderPass,
    keys: { shared: string; index: string },
  ): AsyncGenerator<RenderedBatch> {
    const keepHtml = this.cache.keepHtml;
    const { words } = this.cache.numbering;
    let taken = new TakenRun();
    // Indexed: 10,000 steps once a build, where an iterator of entries is not made fast.
    for (let at = 0; at < plan.length; at += 1) {
      const step = plan[at] as PlanStep;
      const { page, cached } = step;
      // 404.html is counted no more here than in the summary's pages.
      const counted = page.route !== NOT_FOUND_ROUTE;
      if (cached) {
        if (counted) this.counts.reused += 1;
        this.kept.set(step.file, cached);
        taken.add(reusedPage(cached, step.html), cached.record, pass.indexed ? cached.postings : undefined);
        if ((at + 1) % RUN_PAGES === 0) {
          yield taken.batch(words);
          taken = new TakenRun();
        }
        continue;
      }
      if (taken.pages.length > 0) {
        yield taken.batch(words);
        taken = new TakenRun();
      }
      if (counted) this.counts.rendered += 1;
      this.#renderedAny = true;
      this.reasons.push({ route: page.route, reason: step.reason ?? 'not in the cache' });
      const next = await rendered.next();
      if (next.done) throw new Error(`The renderer gave no page for ${page.route}.`);
      const out = next.value;
      if (out.problems.length === 0) this.#keep(step.own, keys.shared, keys.index, out, keepHtml);
      yield {
        pages: [out.page],
        ...(pass.indexed && out.postings ? { numbered: { pages: [out.postings], words } } : {}),
        problems: out.problems,
        warnings: out.page.warnings ?? [],
      } satisfies RenderedBatch;
    }
    if (taken.pages.length > 0) yield taken.batch(words);
  }

  /** Each page of the pass, with its cache entry if that is still what a render would make now. */
  #plan(pass: RenderPass, keys: { shared: string; index: string }, checker: ReadChecker): PlanStep[] {
    const plans = this.#plans;
    if (!plans) return pass.pages.map((page) => this.#lookup(page, keys, checker, pass));
    const inputs = { ...keys, now: pass.context.now, version: checker.versionIn(pass.context) };
    const held = plans.holding(pass.pages, inputs, (file) => this.cache.get(file));
    const plan = pass.pages.map((page, at) => held[at] ?? this.#lookup(page, keys, checker, pass));
    plans.keep(pass.pages, plan, inputs);
    return plan;
  }

  /** The page, with its cache entry if that is still what a render would make now, else why not. */
  #lookup(
    page: ValidatedPage,
    keys: { shared: string; index: string },
    checker: ReadChecker,
    pass: RenderPass,
  ): PlanStep {
    const file = fileOf(page);
    const own = ownKey(page);
    const cached = this.cache.get(file);
    if (!cached) return { page, file, own, reason: 'not in the cache' };
    const reason = this.#changed(cached, own, keys, checker, pass);
    if (reason !== undefined) return { page, file, own, reason };
    const html = cached.html ?? this.cache.htmlOf(cached);
    if (html === undefined) return { page, file, own, reason: 'its kept HTML is gone or not as it was kept' };
    // The record's file is this one (a string kept anyway): the one just made is let go.
    return { page, file: cached.record.file === file ? cached.record.file : file, own, cached, html };
  }

  /** Why the entry is not what a render would make now, if it is not (no closure made for each of 10,000 pages to say so). */
  #changed(
    cached: CachedPage,
    own: string,
    keys: { shared: string; index: string },
    checker: ReadChecker,
    pass: RenderPass,
  ): string | undefined {
    if (!isEntry(cached)) return 'its cache entry is not whole';
    if (cached.own !== own) return 'its own file changed';
    if (cached.shared !== keys.shared) return 'the site’s code, the browser code or the build’s options changed';
    if (cached.index !== keys.index) return 'the search index it shows changed';
    const now = pass.context.now;
    if (now < cached.clock.from || now >= cached.clock.until)
      return `the clock passed ${shownInstant(now < cached.clock.from ? cached.clock.from : cached.clock.until)}`;
    const changed = checker.firstChange(cached.reads, pass.context);
    if (changed !== undefined) return `${shownRead(changed, pass.context.contentFolder)} changed`;
    const { postings } = cached;
    if (pass.indexed && postings?.pairsKept && !this.keptIndex?.rangeOf(postings))
      return 'its search words are not in the kept index';
    return undefined;
  }

  /** Keeps a page rendered now, as the next build will look it up. */
  #keep(own: string, shared: string, index: string, out: Rendered, keepHtml: RenderPass['keepHtml']): void {
    const { page } = out;
    const record = recordOf(page);
    const html = isWhole(page) ? page.html : undefined;
    const kept: CachedPage = {
      own,
      shared,
      index,
      reads: this.cache.reads.idsOf(page.reads ?? []),
      clock: page.clock,
      record,
      warnings: page.warnings ?? [],
      ...(out.postings ? { postings: out.postings } : {}),
      ...(keepHtml && page.htmlHash ? { htmlFile: `${page.htmlHash}.html` } : html !== undefined ? { html } : {}),
    };
    this.kept.set(page.file, kept);
  }

  /**
   * The pages the wrapped renderer renders, one at a time, each with its postings renumbered
   * into the cache's. A thread's postings may come with a later batch than its pages (this
   * thread sends them every 64 pages): its pages wait for them.
   */
  async *#rendered(pass: RenderPass, publisher: Publisher): AsyncGenerator<Rendered> {
    const { numbering } = this.cache;
    const keepHtml = pass.keepHtml;
    let waiting: Rendered[] = [];
    for await (const batch of this.inner.render(pass, publisher)) {
      for (const [at, page] of batch.pages.entries()) {
        let shown = page;
        if (isRendered(page) && keepHtml) {
          const htmlHash = sha256(page.html);
          shown = { ...page, htmlHash, keepAt: keptHtml(keepHtml, htmlHash) };
        }
        waiting.push({ page: shown, problems: at === 0 ? batch.problems : [] });
      }
      if (pass.indexed && !batch.postings) continue;
      if (batch.postings) {
        const counts = waiting.map(({ page }) => page.documentCount ?? 0);
        const postings = numbering.pagesOf(batch.postings.packed, batch.postings.thread, counts);
        for (const [at, item] of waiting.entries()) item.postings = postings[at];
      }
      yield* waiting;
      waiting = [];
    }
    yield* waiting;
  }
}

/**
 * The page's file in the output: what the cache knows it by. Made anew for each lookup (a
 * string or two): a map of pages to their files would take an entry per page of every build.
 */
function fileOf(page: ValidatedPage): string {
  return page.output ?? (page.route === '/' ? 'index.html' : `${page.route.slice(1)}/index.html`);
}

const shownInstant = (at: number) => new Date(at).toISOString().replace(/:00\.000Z$/, 'Z');

/** A cache entry with every field a lookup reads, of the kind it reads (a cache from elsewhere is not believed blindly). */
function isEntry(page: CachedPage): boolean {
  return (
    typeof page.own === 'string' &&
    typeof page.shared === 'string' &&
    typeof page.index === 'string' &&
    page.reads instanceof Int32Array &&
    typeof page.clock?.from === 'number' &&
    typeof page.clock?.until === 'number' &&
    typeof page.record?.file === 'string' &&
    Array.isArray(page.warnings) &&
    (typeof page.html === 'string' || typeof page.htmlFile === 'string')
  );
}
