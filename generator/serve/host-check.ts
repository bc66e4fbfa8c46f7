/**
 * A server bound to the loopback address answers only requests addressed to a loopback name,
 * so a web page on another site cannot reach it through DNS rebinding. Bound to anything
 * else (`--host 0.0.0.0` to look from a phone), every Host is accepted.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

export function hostAllowed(hostHeader: string | undefined, bindHost: string): boolean {
  if (!isLoopbackHost(bindHost)) return true;
  if (hostHeader === undefined) return true;
  const name = hostHeader.startsWith('[') ? hostHeader.slice(0, hostHeader.indexOf(']') + 1) : hostHeader.replace(/:\d*$/, '');
  return isLoopbackHost(name);
}
