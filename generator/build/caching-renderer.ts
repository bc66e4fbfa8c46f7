/**
 * A renderer that keeps the pages it rendered, for `clubsite dev`: a page whose own file and
 * shared inputs are as they were is not rendered again (templates are pure functions of their
 * props), so saving one page of a thousand renders one. The output is byte for byte what a
 * full build writes. Everything pages share (the site code, the clock, the URLs, the
 * collections, every page's summary and the routes) is one key: when any of it differs, no
 * page is reused.
 */
import type { PageSummary, SiteDefinition } from '../contract/index.ts';
import type { ErrorDetails } from '../errors.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { Publisher, RenderPass, Renderer } from '../model/pipeline.ts';
import type { RenderContext } from '../model/render-context.ts';
import type { RenderedBatch, RenderedPage } from '../model/rendered.ts';
import type { LoadedSite } from '../model/site.ts';
import { renderBatch } from './render-batch.ts';

interface Entry {
  /** The validated page it was rendered from: the same object (a dev session's caches) needs no key. */
  from: ValidatedPage;
  key: string;
  page: RenderedPage;
  warnings: ErrorDetails[];
  /** What each content file it published was published as: the same name is the same bytes. */
  used: Array<[use: string, as: string | undefined]>;
}

const BATCH = 64;

export class CachingRenderer implements Renderer {
  #site: SiteDefinition | undefined;
  #shared: string[] = [];
  readonly #entries = new Map<string, Entry>();
  readonly #ids = new WeakMap<object, number>();
  #nextId = 1;
  /** Each summary as JSON, by the summary (the same page has the same summary: render/render-context.ts). */
  #summaries = new WeakMap<PageSummary, string>();
  /** Pages reused and rendered since the counts were last set back (a session does at each build). */
  counts = { reused: 0, rendered: 0 };

  start(site: LoadedSite): void {
    this.#site = site.site;
  }

  async *render(pass: RenderPass, _publisher: Publisher): AsyncGenerator<RenderedBatch> {
    const site = this.#site;
    if (!site) throw new Error('A renderer renders once it is started with the site.');
    this.#begin(site, pass.context);
    for (let start = 0; start < pass.pages.length; start += BATCH) {
      const batch: RenderedBatch = { pages: [], problems: [], warnings: [] };
      for (const page of pass.pages.slice(start, start + BATCH)) this.#take(site, pass, page, batch);
      yield batch;
    }
  }

  async close(): Promise<void> {}

  /** Forgets pages that are gone, so a deleted page's memory is freed. */
  keep(sources: ReadonlySet<string>): void {
    for (const source of this.#entries.keys()) if (!sources.has(source)) this.#entries.delete(source);
  }

  /** Forgets every page when anything pages share changed since the last render. */
  #begin(site: SiteDefinition, context: RenderContext): void {
    const { client, now, base, origin, data, routes } = context;
    const summaries = context.summaries.map((summary) => {
      let text = this.#summaries.get(summary);
      if (text === undefined) {
        text = JSON.stringify(summary);
        this.#summaries.set(summary, text);
      }
      return text;
    });
    const shared = [JSON.stringify([this.#idOf(site), client, now, base, origin, data, routes]), ...summaries];
    const same = shared.length === this.#shared.length && shared.every((text, at) => text === this.#shared[at]);
    if (!same) this.#entries.clear();
    this.#shared = shared;
  }

  #take(site: SiteDefinition, pass: RenderPass, page: ValidatedPage, batch: RenderedBatch): void {
    const { context } = pass;
    const entry = this.#entries.get(page.source);
    const key = entry?.from === page && entry.key.endsWith(indexKey(context)) ? entry.key : pageKey(page, context);
    if (entry && entry.key === key && entry.used.every(([use, as]) => publishedAs(context, use) === as)) {
      this.counts.reused += 1;
      batch.pages.push(entry.page);
      batch.warnings.push(...entry.warnings);
      return;
    }
    this.counts.rendered += 1;
    const made = renderBatch(site, context, [page], pass.indexed ? 'each-page' : undefined);
    batch.problems.push(...made.problems);
    batch.warnings.push(...made.warnings);
    const rendered = made.pages[0] as RenderedPage | undefined;
    if (!rendered) return void this.#entries.delete(page.source);
    batch.pages.push(rendered);
    if (made.problems.length > 0) return void this.#entries.delete(page.source);
    const used = rendered.assets.map((use): [string, string | undefined] => [use, publishedAs(context, use)]);
    this.#entries.set(page.source, { from: page, key, page: rendered, warnings: made.warnings, used });
  }

  #idOf(value: object): number {
    const known = this.#ids.get(value);
    if (known !== undefined) return known;
    this.#ids.set(value, this.#nextId);
    return this.#nextId++;
  }
}

const indexKey = (context: RenderContext) => JSON.stringify(context.searchIndex ?? null);

function pageKey(page: ValidatedPage, context: RenderContext): string {
  const { sourcePage, frontMatter: _, output, ...summary } = page;
  return `${JSON.stringify([summary, output, sourcePage.body, sourcePage.bodyLineOffset])}${indexKey(context)}`;
}

/** What a content file a page uses is published as in this build: its hashed name, or its photo's variants. */
function publishedAs(context: RenderContext, use: string): string | undefined {
  const file = use.slice(use.indexOf(':') + 1);
  if (use.startsWith('photo:')) return JSON.stringify(context.photos?.[file] ?? null);
  return Object.hasOwn(context.assets, file) ? context.assets[file] : undefined;
}
