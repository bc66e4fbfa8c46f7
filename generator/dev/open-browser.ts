import { spawn } from 'node:child_process';

/** Opens a URL in the default browser if the system has a way to; never fails if not. */
export function openBrowser(url: string, log: (line: string) => void = () => {}): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url.replace(/[&^]/g, '^$&')]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => log(`Could not open a browser; open ${url} yourself.`));
    child.unref();
  } catch {
    log(`Could not open a browser; open ${url} yourself.`);
  }
}
