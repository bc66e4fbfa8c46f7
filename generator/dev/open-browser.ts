/**
 * Opens a URL in the default browser with `open`, which knows each system's way: `open` on
 * macOS, PowerShell on Windows, the Windows browser from WSL, and on Linux its own copy of
 * xdg-open where the system has none. It is imported only when `--open` is given. The dev
 * server never fails for it: without a browser to start, it says where to look (`failed`, in the
 * site's language).
 */
export function openBrowser(
  url: string,
  log: (line: string) => void = () => {},
  failed = `Could not open a browser; open ${url} yourself.`,
): Promise<void> {
  return import('open')
    .then(({ default: open }) => open(url))
    .then(
      () => undefined,
      () => log(failed),
    );
}
