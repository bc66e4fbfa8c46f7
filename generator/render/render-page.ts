import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type RenderedIsland, recordIslands } from '../../client/shared/island-markup.ts';
import type { Page, SearchSection, SiteDefinition, TemplateDefinition, TemplateProps } from '../contract/index.ts';
import { RecordingClock } from '../clock.ts';
import { siteCodeError } from '../bundle/site-code-error.ts';
import { ContentError } from '../errors.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { RenderContext } from '../model/render-context.ts';
import type { RenderedPage } from '../model/rendered.ts';
import { brokenLink, type ContentPlaces, contentPlaces } from '../route/route-table.ts';
import { slugOf } from '../slug.ts';
import { failedPage } from './failed-page.ts';
import { renderMarkdown } from './markdown.ts';
import { PageAssets } from './page-assets.ts';
import { pageLinks } from './page-links.ts';
import { photoPicture } from './photo-picture.ts';
import type { RenderEnvironment } from './render-environment.ts';
import { Reads } from './reads.ts';
import { pagePolicy } from './security-policy.ts';
import { siteFacts } from './site-facts.ts';
import { traceValue } from './trace-value.ts';
import { say } from '../messages/say.ts';

/** Renders one page: Markdown body, template, then the document around it. */
export function renderPage(
  environment: RenderEnvironment,
  page: ValidatedPage,
  errors: ContentError[],
  warnings: ContentError[],
): RenderedPage | undefined {
  const template = environment.site.templates[page.template];
  if (!template) return undefined;
  const { context, urls } = environment;
  // The page's own clock and reads: what it asks decides when it is rendered again.
  const clock = new RecordingClock(context.now, context.timeZone);
  const reads = new Reads(context.noteReads === true);
  const tools = pageTools(environment, page, reads, errors, warnings);
  const sections: SearchSection[] = [];
  const full = pageOf(environment, page, template, tools, sections, errors);
  const props: TemplateProps = {
    page: full,
    pages: reads.view(context.summaries, 'p'),
    data: reads.view(context.data, 'd'),
    now: clock,
    href: tools.href,
    asset: (file) => tools.asset(file),
    absolute: urls.absolute,
    slug: slugOf,
    facts: siteFacts(environment.site, urls.absolute),
    searchIndex: context.searchIndex,
  };
  try {
    const { html, islands, securityPolicy } = documentOf(environment, page, template, props, errors);
    checkLinks(tools, environment, page, errors);
    const searchText = String(template.searchText?.(props) ?? '');
    // Plain data (a template may hand back what it read through a view): they cross to other threads.
    const parts = [...sections, ...(template.searchSections?.(props) ?? [])].map(({ anchor, title, text }) => ({
      anchor: String(anchor),
      title: String(title),
      text: String(text),
    }));
    return {
      route: page.route,
      source: page.source,
      file: page.output ?? urls.fileOf(page.route),
      title: page.title,
      noindex: page.noindex,
      ...(page.lastmod === undefined ? {} : { lastmod: page.lastmod }),
      securityPolicy,
      islands,
      assets: [...tools.assets.used],
      bytes: Buffer.byteLength(html),
      html,
      clock: { from: clock.from, until: clock.until },
      ...(reads.noting ? { reads: [...reads.values] } : {}),
      page: full,
      searchText,
      sections: parts,
    };
  } catch (error) {
    // Content reaches a template validated by its schema: a template that throws anyway is a
    // bug in the site's code, told at its line; with no line of the site's own in its stack, a
    // bug in clubsite, reported with its stack (and the page it was rendering).
    const problem = error instanceof ContentError ? error : siteCodeError(error, page);
    if (!problem)
      throw new Error(`The template "${page.template}" threw while rendering ${page.source}.`, { cause: error });
    errors.push(problem);
    return failedPage(page, page.output ?? urls.fileOf(page.route), full, clock);
  }
}

interface PageTools {
  assets: PageAssets;
  /** The site's routes, each asked noted in the page's reads. */
  routes: { has(route: string): boolean };
  /** A file under the content folder as its public URL; a missing one is told at `line`, or traced. */
  asset: (file: string, line?: number) => string;
  /** A route as its public URL, noted for the page's link check. */
  href: (route: string) => string;
  /** Every internal URL the page shows. */
  linked: Set<string>;
}

/**
 * What a page's render publishes through: every internal URL the page shows goes through
 * href() (templates, the frame, Markdown links), noted and checked after the render rather
 * than found again in the finished HTML, and every content file through asset().
 */
function pageTools(
  environment: RenderEnvironment,
  page: ValidatedPage,
  reads: Reads,
  errors: ContentError[],
  warnings: ContentError[],
): PageTools & { links: ReturnType<typeof pageLinks> } {
  const { urls, context } = environment;
  const assets = new PageAssets(environment, reads);
  const routes = {
    has: (route: string) => {
      const found = environment.routes.has(route);
      reads.note('r', route, found);
      return found;
    },
  };
  const contentFolders = {
    has: (folder: string) => {
      const found = environment.contentFolders.has(folder);
      reads.note('c', folder, found);
      return found;
    },
  };
  const asset = (file: string, line?: number): string => {
    const url = assets.url(file);
    if (url !== undefined) return url;
    const where = line === undefined ? traceValue(file, page.sourcePage, context.trace) : { file: page.source, line };
    errors.push(missingAsset(`${context.contentFolder}/${file}`, where ?? { file: page.source }));
    return '#';
  };
  const linked = new Set<string>();
  const href = (route: string): string => {
    const url = urls.href(route);
    linked.add(url);
    return url;
  };
  const links = pageLinks({
    urls: { ...urls, href },
    linked,
    routes,
    route: page.route,
    file: page.source,
    contentFolders,
    asset,
    errors,
    warnings,
  });
  return { assets, routes, asset, href, linked, links };
}

/** `file` as problems name it: its path under the project root. */
function missingAsset(file: string, where: { file: string; line?: number; column?: number }): ContentError {
  return new ContentError({
    code: 'missing-asset',
    file: where.file,
    line: where.line,
    column: where.column,
    ...say('missing-asset', { file, folder: file.slice(0, file.lastIndexOf('/') + 1) }),
  });
}

/** The page as its template gets it: its fields, and its Markdown body as HTML. */
function pageOf(
  environment: RenderEnvironment,
  page: ValidatedPage,
  template: TemplateDefinition,
  tools: ReturnType<typeof pageTools>,
  sections: SearchSection[],
  errors: ContentError[],
): Page {
  const { route, title, description, noindex, data, source, lastmod } = page;
  return {
    route,
    title,
    description,
    template: page.template,
    noindex,
    data,
    source,
    ...(lastmod === undefined ? {} : { lastmod }),
    html: renderMarkdown(page.sourcePage.body, {
      allowHtml: data.allowHtml === true,
      bodyLineOffset: page.sourcePage.bodyLineOffset,
      links: { ...tools.links, picture: photoPicture(environment, tools.assets, template, page, errors) },
      sections,
      labels: environment.site.markdownLabels,
    }),
  };
}

/** The template's markup inside the site's document, with the islands it rendered and its Content-Security-Policy. */
function documentOf(
  environment: RenderEnvironment,
  page: ValidatedPage,
  template: TemplateDefinition,
  props: TemplateProps,
  errors: ContentError[],
): { html: string; islands: string[]; securityPolicy: string } {
  const { site, urls, context } = environment;
  // The islands come from the render itself (<Island> notes each one), not from its HTML.
  const { made: bodyHtml, islands } = recordIslands(() =>
    renderToStaticMarkup(createElement(template.component, props)),
  );
  checkIslands(islands, site, page, errors);
  const { client } = context;
  const securityPolicy = pagePolicy(client.headScripts, template.securityPolicy?.(props));
  const scripts = [...client.scripts, ...(islands.length > 0 && client.islandRuntime ? [client.islandRuntime] : [])];
  const documentHtml = renderToStaticMarkup(
    createElement(site.document, {
      ...props,
      bodyHtml,
      styles: client.styles.map((file) => `${urls.base}${file}`),
      scripts: scripts.map((file) => `${urls.base}${file}`),
      preloads: preloadsFor(islands, client.islandPreloads).map((file) => `${urls.base}${file}`),
      headScripts: client.headScripts,
      securityPolicy,
      noindex: page.noindex,
    }),
  );
  const names = [...new Set(islands.map((island) => island.name))];
  return { html: `<!doctype html>\n${documentHtml}\n`, islands: names, securityPolicy };
}

/** The chunks of islands that hydrate at load: preloaded from <head> (see ClientBundle.islandPreloads). */
function preloadsFor(islands: RenderedIsland[], preloads: Record<string, string[]>): string[] {
  const due = islands.filter((island) => island.when === 'load');
  return [...new Set(due.flatMap((island) => preloads[island.name] ?? []))];
}

function checkIslands(
  islands: RenderedIsland[],
  site: SiteDefinition,
  page: ValidatedPage,
  errors: ContentError[],
): void {
  for (const { name } of new Map(islands.map((island) => [island.name, island])).values()) {
    if (name in site.islands) continue;
    errors.push(
      new ContentError({
        code: 'unknown-island',
        file: page.source,
        ...say('unknown-island', { template: String(page.template), name }),
      }),
    );
  }
}

/** Every internal link on the rendered page must reach a route; a broken one is traced back to its content. */
function checkLinks(
  tools: PageTools,
  environment: RenderEnvironment,
  page: ValidatedPage,
  errors: ContentError[],
): void {
  const seen = new Set<string>();
  for (const url of tools.linked) {
    if (!url.startsWith('/') || url.startsWith('//') || tools.assets.publishes(url)) continue;
    const route = environment.urls.routeOf(url);
    if (route === undefined || tools.routes.has(route) || seen.has(route)) continue;
    seen.add(route);
    const where = traceValue(route, page.sourcePage, environment.context.trace);
    const places = contentPlaces(environment.context.contentFolder, environment.site);
    errors.push(
      where ? brokenLink(route, where.file, where, places) : brokenCodeLink(route, environment.context, places),
    );
  }
}

/** A link no content file names comes from code: one error for it (at the site definition's folder), whichever pages show it. */
function brokenCodeLink(route: string, context: RenderContext, places: ContentPlaces): ContentError {
  const code = `${path.posix.dirname(context.siteFile)}/`;
  return new ContentError({
    code: 'broken-link',
    file: code,
    ...say('broken-link/template', { route, code, siteFile: context.siteFile, pages: places.pages }),
  });
}
