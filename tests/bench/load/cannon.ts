// The load generator, run as a second process so it never shares the server's event loop:
// autocannon against one URL (or a rotation of paths), printing a progress line each second and
// its figures as one JSON line at the end.
import autocannon from 'autocannon';

interface CannonInput {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Append a new number to each request's path (a search no cache has seen). */
  vary?: boolean;
}

const input = JSON.parse(process.argv[2]) as CannonInput;
let second = 0;
let sent = 0;
const instance = autocannon({
  url: input.url,
  connections: input.connections,
  duration: input.seconds,
  headers: input.headers,
  requests: input.paths.map((path) => ({
    method: 'GET' as const,
    path,
    ...(input.vary ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: path + String((sent += 1)) }) } : {}),
  })),
}) as unknown as autocannon.Instance & Promise<autocannon.Result>;
// autocannon passes the second's counts to 'tick' (its types leave the argument out).
(instance as unknown as NodeJS.EventEmitter).on('tick', (counter: { counter: number }) => {
  second += 1;
  console.log(`progress ${second}/${input.seconds} s, ${counter.counter} req/s`);
});
const result = await instance;
console.log(
  JSON.stringify({
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  }),
);
