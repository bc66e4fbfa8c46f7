import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A server bound to the loopback address answers only requests addressed to a loopback name,
 * so a web page on another site cannot reach it through DNS rebinding. Bound to anything
 * else (`--host 0.0.0.0` to look from a phone), every Host is accepted.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}

export function hostAllowed(hostHeader: string | undefined, bindHost: string): boolean {
  if (!isLoopbackHost(bindHost)) return true;
  if (hostHeader === undefined) return true;
  const name = hostHeader.startsWith('[')
    ? hostHeader.slice(0, hostHeader.indexOf(']') + 1)
    : hostHeader.replace(/:\d*$/, '');
  return isLoopbackHost(name);
}

/**
 * What both servers refuse before anything is read: a Host that is not this machine (on a
 * loopback bind), and any method but GET and HEAD. Returns true when the request was answered.
 */
export function refuseRequest(request: IncomingMessage, response: ServerResponse, bindHost: string): boolean {
  if (!hostAllowed(request.headers.host, bindHost)) {
    response
      .writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
      .end('This server only answers requests to localhost.');
    return true;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response
      .writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
      .end('Method not allowed');
    return true;
  }
  return false;
}
