import type { PageSummary, TemplateProps } from '../contract/index.ts';
import type { ContentError } from '../errors.ts';
import type { RouteTable } from '../route/route-table.ts';
import type { ValidatedPage } from '../validate/validate-content.ts';
import { renderPage, type RenderedPage, type RenderInput } from './render-pages.ts';

interface Entry {
  /** The validated page it was rendered from: the same object (a dev session's caches) needs no key. */
  from: ValidatedPage;
  searchIndex: TemplateProps['searchIndex'];
  key: string;
  page: RenderedPage;
  /** Content files the page links to, with the bytes they had. */
  /** The files the page published, each as itself or as a processed photo's variants. */
  assets: Array<[file: string, bytes: Uint8Array, asPhoto: boolean]>;
}

/**
 * Everything every page is rendered from besides its own file: the site code, the client
 * bundle, the clock, the URLs, the collections, every page's summary and the routes. When any
 * of it differs from the last build, no page is reused. `idOf` numbers the site module and the
 * client bundle (the cache's own numbering: nothing is kept between dev sessions or tests).
 */
function sharedKey(
  input: RenderInput,
  summaries: string[],
  routes: RouteTable,
  idOf: (value: object) => number,
): string[] {
  const rest = [idOf(input.site), idOf(input.client), input.now.getTime(), input.urls.base, input.urls.origin];
  return [JSON.stringify([...rest, input.data, [...routes.keys()]]), ...summaries];
}

/** Compared one by one: most are the same strings as last time (RenderCache.summaries). */
const sameTexts = (a: string[], b: string[]) => a.length === b.length && a.every((text, at) => text === b[at]);

function pageKey(page: ValidatedPage, searchIndex: TemplateProps['searchIndex']): string {
  const { sourcePage, ...summary } = page;
  return JSON.stringify([summary, sourcePage.body, sourcePage.bodyLineOffset, searchIndex ?? null]);
}

const sameIndex = (a: TemplateProps['searchIndex'], b: TemplateProps['searchIndex']) =>
  a === b ||
  (a !== undefined && b !== undefined && a.url === b.url && a.documents === b.documents && a.bytes === b.bytes);

const view = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && (a === b || view(a).equals(view(b)));

/**
 * Pages of earlier builds, for `clubsite dev`: a page whose own file and shared inputs are as
 * they were is not rendered again (templates are pure functions of their props), so saving one
 * page of a thousand renders one. The output is byte for byte what a full build writes.
 */
export class RenderCache {
  private shared: string[] = [];
  private readonly entries = new Map<string, Entry>();
  /** Pages reused and rendered in the last build. */
  reused = 0;
  rendered = 0;

  private readonly ids = new WeakMap<object, number>();
  /** The files pages used, compared with this build's once a build: every page shows the logo. */
  private compared = new Map<Uint8Array, boolean>();
  /** The files reused pages published in this build. */
  private published = new Set<string>();
  private nextId = 1;

  /** Each page's summary as JSON in the last build, by the page it was made from (pages the dev server validated once are the same objects). */
  private summaries = new Map<ValidatedPage, string>();

  /**
   * Starts a build: forgets every page when anything pages share changed since the last one.
   * `pages` are what `summaries` were made from, in the same order.
   */
  begin(input: RenderInput, summaries: PageSummary[], routes: RouteTable, pages?: readonly ValidatedPage[]): void {
    const idOf = (value: object): number => {
      const known = this.ids.get(value);
      if (known !== undefined) return known;
      this.ids.set(value, this.nextId);
      return this.nextId++;
    };
    const known = new Map<ValidatedPage, string>();
    const texts = summaries.map((summary, at) => {
      const page = pages?.[at];
      const text = (page && this.summaries.get(page)) ?? JSON.stringify(summary);
      if (page) known.set(page, text);
      return text;
    });
    this.summaries = known;
    const shared = sharedKey(input, texts, routes, idOf);
    if (!sameTexts(shared, this.shared)) this.entries.clear();
    this.shared = shared;
    this.reused = 0;
    this.rendered = 0;
    this.compared = new Map();
    this.published = new Set();
  }

  private unchanged(input: RenderInput, file: string, bytes: Uint8Array): boolean {
    let same = this.compared.get(bytes);
    if (same === undefined) {
      same = sameBytes(input.loaded.assets.get(file), bytes);
      this.compared.set(bytes, same);
    }
    return same;
  }

  render(
    input: RenderInput,
    page: ValidatedPage,
    summaries: PageSummary[],
    errors: ContentError[],
    searchIndex?: TemplateProps['searchIndex'],
  ): RenderedPage | undefined {
    const entry = this.entries.get(page.source);
    const same = entry?.from === page && sameIndex(entry.searchIndex, searchIndex);
    const key = same && entry ? entry.key : pageKey(page, searchIndex);
    if (entry && entry.key === key && entry.assets.every(([file, bytes]) => this.unchanged(input, file, bytes))) {
      // The page's images are published in this build too (each once: every page shows the logo).
      for (const [file, , asPhoto] of entry.assets) {
        const use = `${asPhoto ? 'photo' : 'file'}:${file}`;
        if (this.published.has(use)) continue;
        this.published.add(use);
        if (asPhoto) input.assets.publish(file);
        else input.assets.url(file);
      }
      this.reused += 1;
      return entry.page;
    }
    const used = new Set<string>();
    const before = errors.length;
    input.assets.onUse = (file, asPhoto) => used.add(`${asPhoto ? 'photo' : 'file'}:${file}`);
    let rendered: RenderedPage | undefined;
    try {
      rendered = renderPage(input, page, summaries, errors, searchIndex);
    } finally {
      input.assets.onUse = undefined;
    }
    this.rendered += 1;
    if (rendered && errors.length === before) {
      const assets = [...used].flatMap((use): Array<[string, Uint8Array, boolean]> => {
        const file = use.slice(use.indexOf(':') + 1);
        const bytes = input.loaded.assets.get(file);
        return bytes ? [[file, bytes, use.startsWith('photo:')]] : [];
      });
      this.entries.set(page.source, { from: page, searchIndex, key, page: rendered, assets });
    } else {
      this.entries.delete(page.source);
    }
    return rendered;
  }

  /** Forgets pages that are gone, so a deleted page's memory is freed. */
  keep(sources: ReadonlySet<string>): void {
    for (const source of this.entries.keys()) if (!sources.has(source)) this.entries.delete(source);
  }
}
