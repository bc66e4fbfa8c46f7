/** How a build's pages are rendered in order, and what consumes them. */
import { adminFiles, hasAdmin } from '../admin/admin-files.ts';
import { adminHeaderRule } from '../admin/admin-policy.ts';
import { type ClockLedger, earliest, type NextChange } from '../clock.ts';
import type { SiteDefinition } from '../contract/index.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { PageRecord } from '../model/rendered.ts';
import type { OutputFile, PageConsumer, PageConsumerMaker } from '../model/pipeline.ts';
import { PAGE_CONSUMERS } from '../publish/consumers.ts';
import { nextChangeFile } from '../publish/next-change.ts';
import { otherFiles } from '../publish/other-files.ts';
import { UsedAssets } from '../publish/used-assets.ts';
import type { Prepared } from './prepare.ts';

/**
 * The first pass: every page but those that show the search index, by route (the order of the
 * index's documents). The second: the pages whose template declares `usesSearchIndex`,
 * rendered once the index is made.
 */
export function passesOf(
  site: SiteDefinition,
  pages: readonly ValidatedPage[],
): { first: ValidatedPage[]; second: ValidatedPage[] } {
  const late = (page: ValidatedPage) => site.templates[page.template]?.usesSearchIndex === true;
  const last = lastPasses.get(site);
  let order = last && sameOrder(last.pages, pages) ? last : undefined;
  if (!order) {
    const at = pages.map((_, index) => index);
    const firstAt = at
      .filter((index) => !late(pages[index] as ValidatedPage))
      .sort((a, b) => byRoute(pages[a] as ValidatedPage, pages[b] as ValidatedPage));
    order = { pages, firstAt, secondAt: at.filter((index) => late(pages[index] as ValidatedPage)) };
  }
  lastPasses.set(site, { ...order, pages });
  const of = (index: number) => pages[index] as ValidatedPage;
  return { first: order.firstAt.map(of), second: order.secondAt.map(of) };
}

const byRoute = (a: ValidatedPage, b: ValidatedPage) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0);

/**
 * The places of the last passes made, by site. A dev save hands the same pages at the same
 * places: where each has the route and template it had, the filter and the sort (which look at
 * nothing else) give the same places again, and 10,000 pages are not sorted on every save.
 */
const lastPasses = new WeakMap<
  SiteDefinition,
  { pages: readonly ValidatedPage[]; firstAt: number[]; secondAt: number[] }
>();

function sameOrder(before: readonly ValidatedPage[], now: readonly ValidatedPage[]): boolean {
  if (before.length !== now.length) return false;
  for (let at = 0; at < now.length; at += 1) {
    const a = before[at] as ValidatedPage;
    const b = now[at] as ValidatedPage;
    if (a !== b && (a.route !== b.route || a.template !== b.template)) return false;
  }
  return true;
}

/** The tool's consumers of the rendered pages (publish/consumers.ts) and the caller's. */
export function consumersOf(built: Prepared, extra: readonly PageConsumerMaker[] = []): PageConsumer[] {
  const { site } = built.site;
  const headerRules = hasAdmin(site) ? [adminHeaderRule(site, built.routed.urls.base)] : [];
  const setup = { urls: built.routed.urls, headerRules };
  return [...PAGE_CONSUMERS, ...extra].map((make) => make(setup));
}

/** The record of the content files pages use, to publish them. */
export function usedAssetsOf(built: Prepared): UsedAssets {
  const { folder, assets } = built.loaded;
  const published = new Set(
    Object.values(built.validated.content.data).flatMap((value) =>
      Array.isArray(value) ? value.map((entry) => (entry as { source?: unknown }).source) : [],
    ),
  );
  const waiting = [...built.validated.entrySources.values()]
    .filter((source) => !published.has(source.file))
    .map((source) => source.text);
  return new UsedAssets({ folder, files: assets, outputs: built.context.assets, photos: built.photos, waiting });
}

/**
 * The files that are neither pages nor made from them: redirects, robots.txt, the site's own
 * files, the browser code, the editors' admin, and when the output next changes by itself.
 */
export function otherFilesOf(built: Prepared, next: NextChange | undefined, commit: string | undefined): OutputFile[] {
  const { routed, client, site } = built;
  return [
    ...otherFiles({ routes: routed.table, urls: routed.urls, lang: site.site.lang, siteFiles: routed.files, client }),
    ...adminFiles({
      site: site.site,
      contentFolder: built.loaded.folder,
      pages: routed.pages,
      data: built.validated.content.data,
      urls: routed.urls,
      styles: client.styles,
    }),
    nextChangeFile(built.clocks.now, next, commit),
  ];
}

/** When the output next changes by itself: the earliest end of the clocks the stages and the pages asked. */
export function nextChangeOf(clocks: ClockLedger, records: readonly PageRecord[]): NextChange | undefined {
  const asked = clocks.next();
  // The earliest page found first, as earliest() finds it; the others are not made into ends (10,000 on each dev save).
  let first: PageRecord | undefined;
  for (const record of records) {
    const { until } = record.clock;
    if (Number.isFinite(until) && (!first || until < first.clock.until)) first = record;
  }
  const shown = first && earliest([{ until: first.clock.until, reason: first.source }]);
  if (!asked) return shown;
  if (!shown) return asked;
  return shown.at < asked.at ? shown : asked;
}
