export const THEME_KEY = 'theme';

/** The switch shows the theme theme-head.ts chose, and flips and stores it when pressed. */
export function wireThemeSwitch(): void {
  const root = document.documentElement;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-switch]')) {
    const show = () => button.setAttribute('aria-checked', String(root.dataset.theme === 'dark'));
    show();
    button.addEventListener('click', () => {
      const next = root.dataset.theme === 'dark' ? 'light' : 'dark';
      root.dataset.theme = next;
      try {
        localStorage.setItem(THEME_KEY, next);
      } catch {
        // The choice still holds for this page.
      }
      show();
    });
  }
}
