/**
 * Splits items into list pages of `size`: page 1 at `route(1)`, the next at `route(2)` and on,
 * each knowing its neighbours (an empty list is still one page).
 */
export function paginate<Item>(items: Item[], size: number, route: (page: number) => string): Pagination<Item>[] {
  const count = Math.max(1, Math.ceil(items.length / size));
  const routes = Array.from({ length: count }, (_, index) => route(index + 1));
  return routes.map((current, index) => ({
    items: items.slice(index * size, (index + 1) * size),
    page: index + 1,
    count,
    route: current,
    routes,
    prev: routes[index - 1],
    next: routes[index + 1],
  }));
}

export interface Pagination<Item> {
  items: Item[];
  /** 1-based. */
  page: number;
  count: number;
  route: string;
  /** Every page's route, page 1 first. */
  routes: string[];
  prev?: string;
  next?: string;
}
