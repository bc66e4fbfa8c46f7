import type { PageProps } from '../data.ts';

export const MENU_ID = 'meny';

/** Fixed header: the club logo home, and the button that opens the menu panel (a popover: no script). */
export function SiteHeader({ data, href, asset }: PageProps) {
  return (
    <header className="site-header">
      <a className="site-header__logo" href={href('/')}>
        <img src={asset(data.site.logo)} alt="" width="44" height="44" />
        <span className="site-header__name">
          <span className="site-header__short">{data.site.shortName}</span>
          <span className="site-header__full">{data.site.name}</span>
        </span>
      </a>
      <button className="site-header__menu-button" type="button" popoverTarget={MENU_ID} aria-haspopup="dialog">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Meny
      </button>
    </header>
  );
}
