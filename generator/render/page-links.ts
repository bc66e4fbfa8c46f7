import { ContentError } from '../errors.ts';
import { isExternal, normalizeRoute, type Urls } from '../urls.ts';
import { insecureLink } from '../validate/check-text.ts';
import { isPlainHttp, unsafeLinkMessage, unsafeScheme } from '../validate/link-safety.ts';
import type { MarkdownLinks } from './markdown.ts';
import { say } from '../messages/say.ts';

interface PageLinkContext {
  urls: Urls;
  /** The site's routes (asked through the page's reads). */
  routes: { has(route: string): boolean };
  /** The page's route and source file. */
  route: string;
  file: string;
  /** Top-level folders of content/ that hold files (images, documents): `images/x.png` names a file there. */
  contentFolders: { has(folder: string): boolean };
  /** Public URL of a file under content/, reporting a missing one at `line`. */
  asset: (file: string, line: number) => string;
  errors: ContentError[];
  warnings: ContentError[];
  /** Internal URLs written as they are in raw HTML (pages that allow it), for the page's link check. */
  linked?: Set<string>;
}

/** markdown-it percent-encodes targets; files and routes are looked up by their real names. */
function decoded(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/**
 * How a link in a page's Markdown is published. A same-page #fragment and an external
 * address stay as written (plain http:// is a warning); a link that runs code is an error.
 * `images/…` and `files/…` (any folder of content/ that holds files) name a file under
 * content/. Any other link is resolved as a browser resolves it from the page's address,
 * then must reach a page like an address starting with /, and is published with the base path.
 */
export function pageLinks(context: PageLinkContext): MarkdownLinks {
  const { urls, routes, file, errors } = context;
  const unsafe = (url: string, line: number): boolean => {
    const scheme = unsafeScheme(decoded(url));
    if (!scheme) return false;
    errors.push(new ContentError({ code: 'unsafe-link', file, line, ...unsafeLinkMessage(decoded(url), scheme) }));
    return true;
  };
  const contentFile = (url: string): string | undefined => {
    const path = decoded(url.split(/[?#]/, 1)[0] ?? '').replace(/^\/+/, '');
    return context.contentFolders.has(path.split('/', 1)[0] ?? '') && path.includes('/') ? path : undefined;
  };
  const link = (href: string, line: number): string => {
    if (unsafe(href, line)) return '#';
    if (href.startsWith('#')) return href;
    if (isExternal(href)) {
      if (isPlainHttp(href)) context.warnings.push(insecureLink(file, { line }, undefined, href));
      return href;
    }
    const inContent = contentFile(href);
    if (inContent !== undefined)
      return `${context.asset(inContent, line)}${href.slice((href.split(/[?#]/, 1)[0] ?? '').length)}`;
    if (href.startsWith('/')) return urls.href(href);
    return relative(href, line);
  };
  /** Read from the page's public address (/om/ for /om), as a browser would. */
  const relative = (href: string, line: number): string => {
    const address = context.route === '/' ? '/' : `${context.route}/`;
    const resolved = new URL(href, `https://site.invalid${address}`);
    const route = normalizeRoute(decoded(resolved.pathname));
    if (routes.has(route)) return urls.href(`${route}${resolved.search}${resolved.hash}`);
    errors.push(
      new ContentError({
        code: 'broken-link',
        file,
        line,
        ...say('broken-link/relative', { href: decoded(href), route, address }),
      }),
    );
    return '#';
  };
  return {
    link,
    image: (src, line) => {
      if (unsafe(src, line)) return '#';
      if (isExternal(src)) {
        if (isPlainHttp(src)) context.warnings.push(insecureLink(file, { line }, undefined, src));
        return src;
      }
      return context.asset(decoded(src).replace(/^\/+/, ''), line);
    },
    raw: (url, line, attribute) => {
      if (!unsafe(url, line) && attribute === 'href') context.linked?.add(url.replace(/&amp;/g, '&'));
    },
  };
}
