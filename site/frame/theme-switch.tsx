/**
 * The light/dark switch, fixed bottom right. site/scripts/frame.ts wires it (a few lines of plain
 * script); site/scripts/theme-head.ts sets the theme before first paint. On a wide screen it shows
 * a track and its name; on a phone only an icon (a circle half filled, turned when dark), its name
 * kept for screen readers (site/styles/theme-switch.css).
 */
export function ThemeSwitch() {
  return (
    <button className="theme-switch" type="button" role="switch" aria-checked="false" data-theme-switch>
      <span className="theme-switch__track" aria-hidden="true">
        <span className="theme-switch__thumb" />
      </span>
      <svg className="theme-switch__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 3.5a8.5 8.5 0 0 1 0 17z" fill="currentColor" />
      </svg>
      <span className="theme-switch__label visually-hidden-narrow">Bytt tema</span>
    </button>
  );
}
