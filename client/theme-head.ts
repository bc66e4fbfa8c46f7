// Inlined in <head>: sets the theme before first paint, so the page never flashes the wrong
// one. A stored choice wins; otherwise the system preference decides.
(() => {
  let theme: string | null = null;
  try {
    theme = localStorage.getItem('theme');
  } catch {
    // Storage can be blocked; the system preference still applies.
  }
  if (theme !== 'light' && theme !== 'dark')
    theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
})();
