// Stopping the server (SIGTERM, SIGINT) without dropping anyone: behind a load balancer, first keep
// serving for a moment while the health check says 503 (the balancer stops sending new requests),
// then stop accepting connections, let the requests in flight finish (each answered with Connection: close, so keep-alive clients open a
// new connection elsewhere instead of reusing this one), wait for background work such as a reset
// code being sent, and only then close the database. Each wait is bounded.
import type { Server, ServerResponse } from 'node:http';
import net from 'node:net';
import { backgroundSettled } from './background';
import type { ShopDeps } from './deps';

export const DRAIN_TIMEOUT_MS = 10_000;
/** How long an idle keep-alive connection may still bring a request it was already sending. */
const IDLE_GRACE_MS = 1_000;

export interface ShutDownOptions {
  server: Server;
  deps: ShopDeps;
  closeDatabase: () => Promise<void>;
  timeoutMs?: number;
  /** How long to go on serving, the health check failing, before no longer accepting (SHUTDOWN_DELAY_MS). */
  delayMs?: number;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Call when the server starts: it watches responses so a later shut-down knows what is in flight. */
export function shutDownOnSignal(server: Server) {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.on('request', (_request, response: ServerResponse) => {
    if (draining) response.shouldKeepAlive = false;
    inFlight.add(response);
    response.on('close', () => inFlight.delete(response));
  });

  return {
    /** True from the moment a shut-down starts: the health check then says 503, so a balancer sends elsewhere (createApp's isStopping). */
    isStopping: () => draining,
    /** Resolves once everything is finished and the database closed; false when the time ran out first. */
    async shutDown({ deps, closeDatabase, timeoutMs = DRAIN_TIMEOUT_MS, delayMs = 0 }: ShutDownOptions): Promise<boolean> {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
      // Still accepting (each answer closing its connection) until the balancer has seen the health check fail.
      if (delayMs > 0) await delay(delayMs);
      const deadline = Date.now() + timeoutMs;
      // net.Server's close stops accepting without http.Server's at-once reset of idle keep-alive
      // connections: a request a client has just sent on one would be lost with it.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      await Promise.race([closed, delay(Math.min(IDLE_GRACE_MS, timeoutMs))]);
      server.closeIdleConnections();
      const drained = await Promise.race([closed.then(() => true), delay(Math.max(0, deadline - Date.now())).then(() => false)]);
      if (!drained) server.closeAllConnections();
      const settled = await Promise.race([
        backgroundSettled(deps).then(() => true),
        delay(Math.max(0, deadline - Date.now())).then(() => false),
      ]);
      await closeDatabase();
      return drained && settled;
    },
  };
}
