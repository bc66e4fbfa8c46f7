import type { Server } from 'node:net';

/** The server cannot start as asked (port taken, no such folder): a problem of the command line, not a bug. */
export class ServeError extends Error {
  override name = 'ServeError';
}

/** Listens on host:port and resolves with the port taken (useful with port 0). */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ServeError(`"${port}" is not a port number (0–65535).`);
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (error.code === 'EADDRINUSE')
        reject(
          new ServeError(
            `Port ${port} is already in use (is another clubsite server running?). Stop it, or pick another with --port.`,
          ),
        );
      else if (error.code === 'EACCES')
        reject(new ServeError(`Not allowed to listen on ${where}. Pick a port above 1024 with --port.`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        reject(new ServeError(`This machine has no address ${host}. Leave out --host to use 127.0.0.1.`));
      else reject(error);
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/** A URL for the terminal: an address that means "every interface" is shown as localhost. */
export function displayUrl(host: string, port: number, base = '/'): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}${base}`;
}
