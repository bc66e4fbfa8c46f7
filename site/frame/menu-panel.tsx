import type { PageProps } from '../data.ts';
import type { MenuItem } from '../schemas/menu.ts';
import { MENU_ID } from './site-header.tsx';

interface Entry {
  label: string;
  route: string;
}

/** The published entries, with the calendar entry pointing at the current season. */
export function menuEntries(items: readonly MenuItem[], props: Pick<PageProps, 'data'>): Entry[] {
  const season = props.data.calendarSeason;
  return items.flatMap((item): Entry[] => {
    if (!item.published) return [];
    if (item.to !== undefined) return [{ label: item.label, route: item.to }];
    return season ? [{ label: `${item.label} ${season.year}`, route: season.route }] : [];
  });
}

const trimSlash = (route: string) => route.replace(/\/+$/, '') || '/';

/**
 * The slide-in menu: a popover, so opening, closing on the backdrop and on Escape need no
 * script. The current page is bold and marked for screen readers.
 */
export function MenuPanel(props: PageProps) {
  const { data, href, page } = props;
  const current = trimSlash(page.route);
  return (
    <nav id={MENU_ID} className="menu-panel" popover="auto" aria-label="Hovedmeny">
      <div className="menu-panel__top">
        <p className="menu-panel__title">Meny</p>
        <button className="menu-panel__close" type="button" popoverTarget={MENU_ID} popoverTargetAction="hide">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>Lukk</span>
        </button>
      </div>
      <ul className="menu-panel__list">
        {menuEntries(data.menu.items, props).map((entry) => {
          const isCurrent = trimSlash(entry.route) === current;
          return (
            <li key={entry.route}>
              <a href={href(entry.route)} aria-current={isCurrent ? 'page' : undefined}>
                {entry.label}
              </a>
            </li>
          );
        })}
      </ul>
      <form className="menu-panel__search" action={href('/search')} method="get" role="search">
        <label htmlFor="meny-sok">Søk på siden</label>
        <div className="menu-panel__search-row">
          <input id="meny-sok" name="q" type="search" placeholder="For eksempel «kurs»" autoComplete="off" />
          <button type="submit">Søk</button>
        </div>
      </form>
    </nav>
  );
}
