/** How a build's pages are rendered in order, and what consumes them. */
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
  const first = pages
    .filter((page) => !late(page))
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  return { first, second: pages.filter(late) };
}

/** The tool's consumers of the rendered pages (publish/consumers.ts) and the caller's. */
export function consumersOf(built: Prepared, extra: readonly PageConsumerMaker[] = []): PageConsumer[] {
  const setup = { urls: built.routed.urls };
  return [...PAGE_CONSUMERS, ...extra].map((make) => make(setup));
}

/** The record of the content files pages use, to publish them. */
export function usedAssetsOf(built: Prepared): UsedAssets {
  const { folder, assets } = built.loaded;
  return new UsedAssets({ folder, files: assets, outputs: built.context.assets, photos: built.photos });
}

/**
 * The files that are neither pages nor made from them: redirects, robots.txt, the site's own
 * files, the browser code, and when the output next changes by itself.
 */
export function otherFilesOf(built: Prepared, next: NextChange | undefined, commit: string | undefined): OutputFile[] {
  const { routed, client, site } = built;
  return [
    ...otherFiles({ routes: routed.table, urls: routed.urls, lang: site.site.lang, siteFiles: routed.files, client }),
    nextChangeFile(built.clocks.now, next, commit),
  ];
}

/** When the output next changes by itself: the earliest end of the clocks the stages and the pages asked. */
export function nextChangeOf(clocks: ClockLedger, records: readonly PageRecord[]): NextChange | undefined {
  const asked = clocks.next();
  const shown = earliest(records.map((record) => ({ until: record.clock.until, reason: record.source })));
  if (!asked) return shown;
  if (!shown) return asked;
  return shown.at < asked.at ? shown : asked;
}
