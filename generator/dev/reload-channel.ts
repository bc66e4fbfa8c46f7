import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevMessage, DevProblem } from '../../client/shared/dev-messages.ts';

export type { DevMessage, DevProblem };

/**
 * Server-sent events to every open page. On connect a page gets the current state: the
 * revision (it reloads if it was built at another) and the problems of the last build.
 */
export class ReloadChannel {
  private readonly clients = new Set<ServerResponse>();

  constructor(private readonly state: () => DevMessage) {}

  get size(): number {
    return this.clients.size;
  }

  connect(request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    response.write('retry: 500\n\n');
    this.clients.add(response);
    const drop = () => this.clients.delete(response);
    request.on('close', drop);
    response.on('error', drop);
    this.write(response, this.state());
  }

  broadcast(message: DevMessage): void {
    for (const client of this.clients) this.write(client, message);
  }

  close(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private write(client: ServerResponse, message: DevMessage): void {
    if (client.writableEnded || client.destroyed) {
      this.clients.delete(client);
      return;
    }
    client.write(`data: ${JSON.stringify(message)}\n\n`);
  }
}
