import type { DocumentProps } from 'clubsite';
import type { SiteData } from '../site/collections.ts';

/** Dokumentet rundt hver side: head, toppen med menyen, siden i <main> og bunnen. */
export function Document(props: DocumentProps<SiteData>) {
  const { page, data, href, absolute, asset, now } = props;
  const title = page.route === '/' ? data.site.name : `${page.title} – ${data.site.name}`;
  const menu = [
    { label: 'Forside', route: '/' },
    { label: 'Nyheter', route: '/nyheter' },
    { label: 'Om klubben', route: '/om' },
  ];
  return (
    <html lang="nb">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={props.securityPolicy} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={page.description} />
        {props.noindex ? (
          <meta name="robots" content="noindex" />
        ) : (
          <link rel="canonical" href={absolute(page.route)} />
        )}
        <link rel="icon" href={asset(data.site.logo)} />
        {props.headScripts.map((script) => (
          <script key={script} dangerouslySetInnerHTML={{ __html: script }} />
        ))}
        {props.styles.map((style) => (
          <link key={style} rel="stylesheet" href={style} />
        ))}
        {props.scripts.map((script) => (
          <script key={script} type="module" src={script} />
        ))}
        {props.preloads.map((chunk) => (
          <link key={chunk} rel="modulepreload" href={chunk} />
        ))}
      </head>
      <body>
        <header className="top">
          <a className="top__name" href={href('/')}>
            {data.site.name}
          </a>
          <nav aria-label="Meny">
            {menu.map((item) => (
              <a key={item.route} href={href(item.route)} aria-current={item.route === page.route ? 'page' : undefined}>
                {item.label}
              </a>
            ))}
          </nav>
        </header>
        <main dangerouslySetInnerHTML={{ __html: props.bodyHtml }} />
        <footer className="bottom">
          © {now.year()} {data.site.name}
        </footer>
      </body>
    </html>
  );
}
