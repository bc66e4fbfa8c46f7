import type { PageProps } from '../site/data.ts';

/** 404.html: the host shows it for any address that is not a page. */
export function NotFoundTemplate({ href }: PageProps) {
  return (
    <article className="article not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Vi finner ikke denne siden</h1>
      <p>Adressen kan være skrevet feil, eller siden er flyttet. Prøv forsiden eller søket.</p>
      <p className="not-found__actions">
        <a className="button" href={href('/')}>
          Til forsiden
        </a>
        <a className="button button--quiet" href={href('/search')}>
          Søk på siden
        </a>
      </p>
    </article>
  );
}
