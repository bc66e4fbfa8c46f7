import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type RenderedIsland, recordIslands } from '../../client/shared/island-markup.ts';
import type { Page, PageSummary, SearchSection, SiteDefinition, TemplateProps } from '../contract/index.ts';
import { ContentError } from '../errors.ts';
import type { LoadedContent } from '../load/load-content.ts';
import { brokenLink, type RouteTable } from '../route/route-table.ts';
import { type TraceSources, traceValue } from '../route/trace-value.ts';
import { slugOf, type Urls } from '../urls.ts';
import type { ValidatedPage } from '../validate/validate-content.ts';
import type { ContentAssets } from './assets.ts';
import { renderMarkdown } from './markdown.ts';
import { pageLinks } from './page-links.ts';
import { photoPicture } from './photo-pages.ts';
import type { PhotoResult } from './photos.ts';
import { pagePolicy } from './security-policy.ts';

export interface RenderInput {
  site: SiteDefinition;
  data: Record<string, unknown>;
  /** What a broken link or a missing file found in a render is traced back to (the whole content on the main thread). */
  loaded: TraceSources & Pick<LoadedContent, 'assets'>;
  routes: RouteTable;
  now: Date;
  urls: Urls;
  assets: ContentAssets;
  /** Top-level folders of content/ that hold files: a link starting with one names a file. */
  contentFolders: ReadonlySet<string>;
  client: {
    styles: string[];
    scripts: string[];
    islandRuntime: string | undefined;
    headScripts: string[];
    islandPreloads?: Record<string, string[]>;
  };
  /** Processed photos by their file under content/ (render/photos.ts). */
  photos?: Map<string, PhotoResult>;
}

export interface RenderedPage {
  route: string;
  html: string;
  page: Page;
  noindex: boolean;
  /** Text a visitor can find on the page, for the search index. */
  searchText: string;
  /** What the page's content should change, though it builds (a plain http:// link). */
  warnings?: ContentError[];
  /** The page's parts with their own anchors (Markdown `##` sections, then the template's), for the search index. */
  sections: SearchSection[];
  /** Its Content-Security-Policy (as in its <meta http-equiv>), for _headers. */
  securityPolicy: string;
}

/** Renders one page: Markdown body, template, then the document around it. */
export function renderPage(
  input: RenderInput,
  page: ValidatedPage,
  summaries: PageSummary[],
  errors: ContentError[],
  searchIndex?: TemplateProps['searchIndex'],
): RenderedPage | undefined {
  const template = input.site.templates[page.template];
  if (!template) return undefined;
  const { urls, assets } = input;
  const asset = (file: string, line?: number): string => {
    const url = assets.url(file);
    if (url !== undefined) return url;
    const where = line === undefined ? traceValue(file, page.sourcePage, input.loaded) : { file: page.source, line };
    errors.push(
      new ContentError({
        code: 'missing-asset',
        file: where?.file ?? page.source,
        line: where?.line,
        column: where?.column,
        message: `The file content/${file} does not exist.`,
        hint: `Check the spelling, or add the file under content/${file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : ''}.`,
      }),
    );
    return '#';
  };
  const warnings: ContentError[] = [];
  // Every internal URL the page shows goes through href() (templates, the frame, Markdown links):
  // it is noted here and checked after the render, rather than found again in the finished HTML.
  const linked = new Set<string>();
  const href = (route: string): string => {
    const url = urls.href(route);
    linked.add(url);
    return url;
  };
  const links = pageLinks({
    urls: { ...urls, href },
    linked,
    routes: input.routes,
    route: page.route,
    file: page.source,
    contentFolders: input.contentFolders,
    asset,
    errors,
    warnings,
  });
  const sections: SearchSection[] = [];
  const full: Page = {
    route: page.route,
    title: page.title,
    description: page.description,
    template: page.template,
    noindex: page.noindex,
    data: page.data,
    source: page.source,
    ...(page.lastmod === undefined ? {} : { lastmod: page.lastmod }),
    html: renderMarkdown(page.sourcePage.body, {
      allowHtml: page.data.allowHtml === true,
      bodyLineOffset: page.sourcePage.bodyLineOffset,
      links: { ...links, picture: photoPicture(input, template, page, errors) },
      sections,
      labels: input.site.markdownLabels,
    }),
  };
  const props: TemplateProps = {
    page: full,
    pages: summaries,
    data: input.data,
    now: input.now,
    href,
    asset: (file) => asset(file),
    absolute: urls.absolute,
    slug: slugOf,
    searchIndex,
  };
  try {
    // The islands come from the render itself (<Island> notes each one), not from its HTML.
    const { made: bodyHtml, islands } = recordIslands(() =>
      renderToStaticMarkup(createElement(template.component, props)),
    );
    checkIslands(islands, input.site, page, errors);
    const hasIsland = islands.length > 0;
    const securityPolicy = pagePolicy(input.client.headScripts, template.securityPolicy?.(props));
    const scripts = [
      ...input.client.scripts,
      ...(hasIsland && input.client.islandRuntime ? [input.client.islandRuntime] : []),
    ];
    const documentHtml = renderToStaticMarkup(
      createElement(input.site.document, {
        ...props,
        bodyHtml,
        styles: input.client.styles.map((file) => `${urls.base}${file}`),
        scripts: scripts.map((file) => `${urls.base}${file}`),
        preloads: preloadsFor(islands, input).map((file) => `${urls.base}${file}`),
        headScripts: input.client.headScripts,
        securityPolicy,
        noindex: page.noindex,
      }),
    );
    const html = `<!doctype html>\n${documentHtml}\n`;
    checkLinks(linked, input, page, errors);
    return {
      route: page.route,
      html,
      page: full,
      noindex: page.noindex,
      searchText: template.searchText?.(props) ?? '',
      sections: [...sections, ...(template.searchSections?.(props) ?? [])],
      warnings,
      securityPolicy,
    };
  } catch (error) {
    if (error instanceof ContentError) {
      errors.push(error);
      return undefined;
    }
    // Content reaches a template validated by its schema: a template that throws anyway is a
    // bug in the site's code, reported with its stack (and the page it was rendering).
    throw new Error(`The template "${page.template}" threw while rendering ${page.source}.`, { cause: error });
  }
}

/** The chunks of islands that hydrate at load: preloaded from <head> (see ClientBundle.islandPreloads). */
function preloadsFor(islands: RenderedIsland[], input: RenderInput): string[] {
  const due = islands.filter((island) => island.when === 'load');
  return [...new Set(due.flatMap((island) => input.client.islandPreloads?.[island.name] ?? []))];
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
        message: `The template "${page.template}" uses an island called "${name}" that the site definition does not register.`,
        hint: `Add "${name}" to the islands the site definition lists (defineIslands), and render it by that reference.`,
      }),
    );
  }
}

/** Every internal link on the rendered page must reach a route; a broken one is traced back to its content. */
function checkLinks(
  linked: ReadonlySet<string>,
  input: RenderInput,
  page: ValidatedPage,
  errors: ContentError[],
): void {
  const seen = new Set<string>();
  for (const url of linked) {
    if (!url.startsWith('/') || url.startsWith('//') || input.assets.publishes(url)) continue;
    const route = input.urls.routeOf(url);
    if (route === undefined || input.routes.has(route) || seen.has(route)) continue;
    seen.add(route);
    const where = traceValue(route, page.sourcePage, input.loaded);
    errors.push(where ? brokenLink(route, where.file, where) : brokenCodeLink(route));
  }
}

/** A link no content file names comes from code: one error for it, whichever pages show it. */
function brokenCodeLink(route: string): ContentError {
  return new ContentError({
    code: 'broken-link',
    file: 'templates/',
    message: `A template or the site frame links to ${route}, and no page has that address.`,
    hint: `Search templates/ and site/ for "${route}" and correct it, or add the page under content/pages/.`,
  });
}
