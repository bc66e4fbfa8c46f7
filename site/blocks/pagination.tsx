/**
 * Page numbers of a paginated list, for everyone: a labelled navigation, the current page
 * marked with aria-current, every number saying «Side n» to a screen reader, and the links to
 * the neighbour pages with rel="prev"/"next" (the document's head carries them too).
 */
export interface PaginationData {
  page: number;
  count: number;
  routes: string[];
  prev?: string;
  next?: string;
}

export function Pagination({
  pagination,
  label,
  href,
}: {
  pagination: PaginationData;
  label: string;
  href: (route: string) => string;
}) {
  if (pagination.count < 2) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {pagination.prev ? (
          <li className="pagination__step">
            <a href={href(pagination.prev)} rel="prev">
              <span aria-hidden="true">← </span>Nyere
            </a>
          </li>
        ) : null}
        {pagination.routes.map((route, index) => {
          const number = index + 1;
          const current = number === pagination.page;
          return (
            <li key={route}>
              <a
                href={href(route)}
                aria-current={current ? 'page' : undefined}
                aria-label={current ? `Side ${number} av ${pagination.count}, denne siden` : `Side ${number}`}
              >
                {number}
              </a>
            </li>
          );
        })}
        {pagination.next ? (
          <li className="pagination__step">
            <a href={href(pagination.next)} rel="next">
              Eldre<span aria-hidden="true"> →</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
