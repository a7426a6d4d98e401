// A small keep-alive HTTP client for the bench's custom clients (shoppers, USSD sessions): one
// undici pool per origin, latency measured per request, percentiles computed at the end.
import { Pool } from 'undici';

export function pool(url: string, connections: number): Pool {
  return new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
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
): Promise<Timed> {
  const started = performance.now();
  const response = await client.request({ method, path, body, headers });
  const text = await response.body.text();
  return { status: response.statusCode, text, ms: performance.now() - started };
}

export function percentile(samples: number[], p: number): number {
  if (!samples.length) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
