/**
 * The light/dark switch, fixed bottom right. site/scripts/frame.ts wires it (a few lines of plain
 * script); site/scripts/theme-head.ts sets the theme before first paint.
 */
export function ThemeSwitch() {
  return (
    <button className="theme-switch" type="button" role="switch" aria-checked="false" data-theme-switch>
      <span className="theme-switch__track" aria-hidden="true">
        <span className="theme-switch__thumb" />
      </span>
      <span className="theme-switch__label visually-hidden-narrow">Bytt tema</span>
    </button>
  );
}
