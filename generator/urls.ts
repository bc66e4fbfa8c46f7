/**
 * The one place that turns routes into URLs. Routes are written without a trailing slash
 * (`/om/styret`); every page is written as a folder with index.html, so its public URL ends
 * with a slash (`/om/styret/`), under the base path the site is deployed at. A route whose last
 * part has a file extension (`/news/feed.xml`) is a file the site makes: written and linked as it is.
 */
export interface Urls {
  base: string;
  origin: string;
  /** '/kurs' → '/base/kurs/'; keeps ?query and #hash; leaves external links alone. */
  href: (route: string) => string;
  /** '/kurs' → 'https://www.ksa.no/base/kurs/' */
  absolute: (route: string) => string;
  /** A URL in the output back to its route: '/base/kurs/?q=1#x' → '/kurs', or undefined if outside the base. */
  routeOf: (url: string) => string | undefined;
  /** The file a route is written to: '/' → 'index.html', '/kurs' → 'kurs/index.html'. */
  fileOf: (route: string) => string;
}

/** The editors' admin's folder in the output: /admin/ under the base path (generator/admin/). */
export const ADMIN_FOLDER = 'admin';

export function normalizeBase(base: string): string {
  const trimmed = base.trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/** '/kurs/' and '/kurs' are one route: trailing slashes never matter when matching. */
export function normalizeRoute(route: string): string {
  const path = route.split(/[?#]/, 1)[0] ?? '';
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** `/news/feed.xml` is a file, `/news` a page: page addresses never hold a dot in their last part. */
export function isFileRoute(route: string): boolean {
  return /\.[a-z0-9]+$/i.test(route.split('/').pop() ?? '');
}

export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/**
 * Not a plain page route: a query or hash, a trailing slash, or a file's extension at its end
 * (such a match holds no slash, so it is in the last part, as isFileRoute looks).
 */
const NOT_PLAIN = /[?#]|\/$|\.[a-z0-9]+$/i;

/**
 * Whether `route` is a page's route as routes are written (`/om/styret`: normalized, no query,
 * hash or extension), which href and fileOf turn into URLs without taking it apart: the build's
 * _headers and sitemap.xml ask for 10,000 of them. '/' and '//host' (external) are not.
 */
const isPlainPageRoute = (route: string): boolean =>
  route.charCodeAt(0) === 47 && route.length > 1 && route.charCodeAt(1) !== 47 && !NOT_PLAIN.test(route);

export function createUrls(options: { base: string; origin: string }): Urls {
  const base = normalizeBase(options.base);
  const origin = options.origin.replace(/\/+$/, '');
  const href = (route: string): string => {
    if (isPlainPageRoute(route)) return `${base}${route.slice(1)}/`;
    if (isExternal(route) || route.startsWith('#')) return route;
    const suffix = route.slice((route.split(/[?#]/, 1)[0] ?? '').length);
    const normalized = normalizeRoute(route);
    const path = normalized === '/' ? base : `${base}${normalized.slice(1)}${isFileRoute(normalized) ? '' : '/'}`;
    return `${path}${suffix}`;
  };
  return {
    base,
    origin,
    href,
    absolute: (route) => `${origin}${href(route)}`,
    routeOf: (url) => {
      const path = url.split(/[?#]/, 1)[0] ?? '';
      if (!`${path}/`.startsWith(base)) return undefined;
      return normalizeRoute(`/${path.slice(base.length)}`);
    },
    fileOf: (route) => {
      if (isPlainPageRoute(route)) return `${route.slice(1)}/index.html`;
      const normalized = normalizeRoute(route);
      if (normalized === '/') return 'index.html';
      return isFileRoute(normalized) ? normalized.slice(1) : `${normalized.slice(1)}/index.html`;
    },
  };
}
