import type { DocumentProps } from 'clubsite';
import type { SiteData } from '../site/data.ts';
import { SHARE_IMAGE } from '../site/schemas/site-settings.ts';
import { DevBanner } from '../site/frame/dev-banner.tsx';
import { MenuPanel } from '../site/frame/menu-panel.tsx';
import { SiteFooter } from '../site/frame/site-footer.tsx';
import { SiteHeader } from '../site/frame/site-header.tsx';
import { NEWS_FEED } from '../site/logic/news.ts';

/** The HTML document around every page: head, the shared frame, and the page in <main>. */
export function Document(props: DocumentProps) {
  const pageProps = props as DocumentProps & { data: SiteData };
  const { page, data, absolute, asset, href } = pageProps;
  const site = data.site;
  const isHome = page.route === '/';
  // A page may have its own share image (article front matter); otherwise the site's.
  const own = page.data as { shareImage?: string; shareImageAlt?: string };
  const share =
    own.shareImage && own.shareImageAlt
      ? { file: own.shareImage, alt: own.shareImageAlt }
      : { file: site.shareImage, alt: site.shareImageAlt };
  const title = isHome ? `${site.name} – ${site.tagline}` : `${page.title} – ${site.name}`;
  // The news pages (and the home page, which shows the newest) name their feed and their neighbour pages.
  const news = isHome || page.template === 'news-list' || page.template === 'news-post';
  const pagination = (page.data as { pagination?: { prev?: string; next?: string } }).pagination;
  return (
    <html lang="nb">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={props.securityPolicy} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={page.description} />
        {props.noindex ? <meta name="robots" content="noindex" /> : null}
        {/* Every page names itself (noindex ones too); the not-found page is served at any address, so it names none. */}
        {page.template === 'not-found' ? null : <link rel="canonical" href={absolute(page.route)} />}
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#0b4a6f" />
        <meta property="og:type" content="website" />
        <meta property="og:locale" content="nb_NO" />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={isHome ? site.name : page.title} />
        <meta property="og:description" content={page.description} />
        <meta property="og:url" content={absolute(page.route)} />
        <meta property="og:image" content={`${new URL(absolute('/')).origin}${asset(share.file)}`} />
        <meta property="og:image:type" content={/\.png$/.test(share.file) ? 'image/png' : 'image/jpeg'} />
        <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
        <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
        <meta property="og:image:alt" content={share.alt} />
        <link rel="icon" href={asset(site.logo)} type="image/svg+xml" />
        {news ? (
          <link rel="alternate" type="application/atom+xml" title={`Nyheter – ${site.name}`} href={href(NEWS_FEED)} />
        ) : null}
        {pagination?.prev ? <link rel="prev" href={href(pagination.prev)} /> : null}
        {pagination?.next ? <link rel="next" href={href(pagination.next)} /> : null}
        {props.headScripts.map((script) => (
          <script key={script} dangerouslySetInnerHTML={{ __html: script }} />
        ))}
        {props.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {props.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {props.preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#innhold">
          Hopp til innholdet
        </a>
        <SiteHeader {...pageProps} />
        <MenuPanel {...pageProps} />
        <DevBanner text={site.banner} />
        <main id="innhold" tabIndex={-1} dangerouslySetInnerHTML={{ __html: props.bodyHtml }} />
        <SiteFooter {...pageProps} />
      </body>
    </html>
  );
}
