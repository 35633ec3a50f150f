import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Node closes one after 5 s by default, far
 * sooner than the proxies in front of a gateway (AWS load balancers, nginx ingress: 60 s). A proxy
 * that sends the next request down a connection we are closing at that moment gets a reset and
 * answers 502; outliving the proxy's idle time means the proxy always closes first.
 */
export function applyKeepAlive(server: Server, keepAliveMs: number): void {
  server.keepAliveTimeout = keepAliveMs;
  // Node checks a request's headers against headersTimeout; keep it above the idle time (Node's advice).
  server.headersTimeout = Math.max(server.headersTimeout, keepAliveMs + 1_000);
}
