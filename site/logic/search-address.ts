/** The search page's address for a query, shared by its server markup and its browser code. */
export function addressOf(action: string, query: string): string {
  return query === '' ? action : `${action}?${new URLSearchParams({ q: query }).toString()}`;
}
