import type { Page } from '../contract/index.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { RenderedPage } from '../model/rendered.ts';

/**
 * What stands for a page whose template failed, beside its problem: the pages after it stay
 * where the build expects them (a page missing from a render's batch made every later page the
 * one before's, and the build end in «The renderer gave no page»). A build with a problem
 * publishes nothing, so no visitor sees it.
 */
export function failedPage(
  page: ValidatedPage,
  file: string,
  full: Page,
  clock: { from: number; until: number },
): RenderedPage {
  return {
    route: page.route,
    source: page.source,
    file,
    title: page.title,
    noindex: true,
    securityPolicy: '',
    islands: [],
    assets: [],
    bytes: 0,
    html: '',
    clock: { from: clock.from, until: clock.until },
    page: full,
    searchText: '',
    sections: [],
  };
}
