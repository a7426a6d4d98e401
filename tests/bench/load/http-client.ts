// A small keep-alive HTTP client for the bench's custom clients (shoppers, USSD sessions): one
// undici pool per origin, latency measured per request, percentiles computed at the end.
import { Pool } from 'undici';

export function pool(url: string, connections: number): Pool {
  // Idle sockets are dropped well before the server's 5 s keep-alive ends, even when this process's
  // timers run late on a busy machine, so a request never leaves on a socket the server is closing.
  return new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 1_500, keepAliveMaxTimeout: 1_500, keepAliveTimeoutThreshold: 3_000 });
}

export interface Timed {
  status: number;
  text: string;
  ms: number;
}

export async function request(
  client: Pool,
  method: 'GET' | 'POST',
  path: string,
  body?: string,
  headers: Record<string, string> = {},
  retried = false,
): Promise<Timed> {
  const started = performance.now();
  try {
    const response = await client.request({ method, path, body, headers });
    const text = await response.body.text();
    return { status: response.statusCode, text, ms: performance.now() - started };
  } catch (error) {
    // A kept-alive socket the server closed as the request left: send it again on a new one. Every
    // request the bench sends is safe to repeat (orders carry an Idempotency-Key, USSD retries are
    // answered from the session); a second failure is real.
    if (retried || !isResetSocket(error)) throw error;
    resets += 1;
    return request(client, method, path, body, headers, true);
  }
}

export let resets = 0;

function isResetSocket(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

/** The p-th percentile in ms, to `decimals` places (a ratio of two sub-millisecond steps needs two). */
export function percentile(samples: number[], p: number, decimals = 1): number {
  if (!samples.length) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const scale = 10 ** decimals;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * scale) / scale;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
