// A USSD gateway's form post is answered at Node's request handler (channels/ussd/ussd-lane.ts),
// before the fetch adapter and the middleware chain. Over HTTP it must answer exactly as the /ussd
// route does: the same screens, statuses, headers in the same order, the same refusals, the same
// log lines. The route still answers any other body (a multipart form here), which gives the
// route's answer to compare with.
import { createAdaptorServer } from '@hono/node-server';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, nodeServing } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { ShopDeps } from '../../server/lib/deps';
import { silentLogger, type Logger } from '../../server/lib/logger';
import { createTestShop, uniquePhone, type TestShop } from '../support/test-app';

const SECRET = 'ussd-lane-secret-0123456789';
let shop: TestShop;
let port: number;
const logged: Array<{ event: string; fields?: Record<string, unknown> }> = [];

/** Requests the app itself (the middleware chain) answered. */
let chainRuns = 0;

/** A server as npm start serves it, with the request log on, over the test shop's database. */
async function serve(deps: ShopDeps): Promise<{ server: Server; port: number }> {
  const app = createApp(deps);
  const appFetch = app.fetch.bind(app);
  app.fetch = (...args) => {
    chainRuns += 1;
    return appFetch(...args);
  };
  const server = createAdaptorServer(nodeServing(deps, app)) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

let served: Server;
beforeAll(async () => {
  shop = await createTestShop({ USSD_SECRET: SECRET });
  const log: Logger = { info: (event, fields) => void logged.push({ event, fields }), warn: (event, fields) => void logged.push({ event, fields }), error: (event, fields) => void logged.push({ event, fields }) };
  const config = loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'true', USSD_SECRET: SECRET, PUBLIC_BASE_URL: 'http://isoko.test' });
  ({ server: served, port } = await serve({ ...shop.deps, config, log }));
});
afterAll(async () => {
  served.close();
  await shop.close();
});

interface Answer {
  status: number;
  headers: string[][];
  text: string;
}

function post(path: string, body: Buffer | string, headers: Record<string, string>, to = port): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port: to, path, method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: string[][] = [];
        for (let index = 0; index < response.rawHeaders.length; index += 2) pairs.push([response.rawHeaders[index].toLowerCase(), response.rawHeaders[index + 1]]);
        resolve({ status: response.statusCode!, headers: pairs.filter(([name]) => !['date', 'keep-alive'].includes(name)), text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const fields = (phoneNumber: string, text: string, sessionId: string) => ({ sessionId, serviceCode: '*384*4766#', phoneNumber, networkCode: '63510', text });
const asForm = (values: Record<string, string>) => post(`/ussd?key=${SECRET}`, new URLSearchParams(values).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' });
function asMultipart(values: Record<string, string>, path = `/ussd?key=${SECRET}`) {
  const boundary = 'lane-test-boundary';
  const body = Object.entries(values).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${boundary}--\r\n`;
  return post(path, body, { 'Content-Type': `multipart/form-data; boundary=${boundary}` });
}
const names = (answer: Answer) => answer.headers.map(([name]) => name);
const withoutLength = (answer: Answer) => answer.headers.filter(([name]) => name !== 'content-length');

describe('a gateway form post to /ussd', () => {
  it('walks a journey with the screens, statuses and headers the route gives', async () => {
    // Two callers walk the same inputs: one answered by the lane (a form post), one by the route (multipart).
    const [lanePhone, routePhone] = [uniquePhone(), uniquePhone()];
    const inputs = ['', '1', 'Lane Caller', 'carrots', '1', '1', '2', '1', '3', 'KN 2 St', 'Yellow house', '1', '1'];
    const typed: string[] = [];
    for (const [step, input] of inputs.entries()) {
      if (step > 0) typed.push(input);
      const runs = chainRuns;
      const lane = await asForm(fields(lanePhone, typed.join('*'), `lane-${lanePhone}`));
      expect(chainRuns, 'a form post never reaches the middleware chain').toBe(runs);
      const route = await asMultipart(fields(routePhone, typed.join('*'), `route-${routePhone}`));
      expect(chainRuns).toBe(runs + 1);
      expect(lane.status, `step ${step + 1}`).toBe(route.status);
      expect(withoutLength(lane), `step ${step + 1}`).toEqual(withoutLength(route));
      expect(lane.text.replaceAll(lanePhone.slice(4), 'PHONE').replace(/Order \w{8}/, 'Order N'), `step ${step + 1}`).toBe(
        route.text.replaceAll(routePhone.slice(4), 'PHONE').replace(/Order \w{8}/, 'Order N'),
      );
    }
    expect(typed.length).toBe(12);
  });

  it('logs each request as the route does', async () => {
    logged.length = 0;
    await asForm(fields(uniquePhone(), '', `log-${Math.random()}`));
    await asMultipart(fields(uniquePhone(), '', `log-${Math.random()}`));
    const lines = logged.filter((line) => line.event === 'request').map((line) => ({ ...line.fields, ms: 0 }));
    expect(lines).toEqual([
      { method: 'POST', path: '/ussd', status: 200, ms: 0 },
      { method: 'POST', path: '/ussd', status: 200, ms: 0 },
    ]);
  });

  it('refuses a caller without the secret, answers a malformed form with END, and closes on a body over 16 KB, as the route does', async () => {
    const call = fields(uniquePhone(), '', `refused-${Math.random()}`);
    const noSecret = await post('/ussd', new URLSearchParams(call).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' });
    const noSecretRoute = await asMultipart(call, '/ussd');
    expect(noSecret.status).toBe(403);
    expect([noSecret.text, names(noSecret)]).toEqual([noSecretRoute.text, names(noSecretRoute)]);

    const malformed = await asForm({ sessionId: 'x' });
    const malformedRoute = await asMultipart({ sessionId: 'x' });
    expect(malformed.status).toBe(400);
    expect([malformed.text, names(malformed)]).toEqual([malformedRoute.text, names(malformedRoute)]);

    const huge = new URLSearchParams({ ...call, text: '1*'.repeat(9_000) }).toString();
    const declared = await post(`/ussd?key=${SECRET}`, huge, { 'Content-Type': 'application/x-www-form-urlencoded' });
    const streamed = await post(`/ussd?key=${SECRET}`, huge, { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' });
    const declaredRoute = await asMultipart({ ...call, text: '1*'.repeat(9_000) });
    for (const answer of [declared, streamed]) {
      expect(answer.status).toBe(400);
      expect(answer.text).toBe(declaredRoute.text);
      expect(answer.headers).toContainEqual(['connection', 'close']);
      expect(names(answer)).toEqual(names(declaredRoute));
    }
  });

  it('answers an apology, never an error, when the database fails', async () => {
    const broken = new Proxy({}, { get: () => { throw new Error('database is down'); } });
    const errors: string[] = [];
    const deps: ShopDeps = { ...shop.deps, db: broken as ShopDeps['db'], log: { ...silentLogger(), error: (event) => void errors.push(event) } };
    const { server, port: brokenPort } = await serve(deps);
    try {
      const answer = await post(`/ussd?key=${SECRET}`, new URLSearchParams(fields(uniquePhone(), '', 'broken')).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' }, brokenPort);
      expect([answer.status, answer.text]).toEqual([200, 'END Sorry, something went wrong. Please try again later.']);
      expect(errors).toContain('ussd_failed');
    } finally {
      server.close();
    }
  });

  it('is left to the route when /ussd is closed (production without a secret)', async () => {
    const deps: ShopDeps = { ...shop.deps, log: silentLogger(), config: loadConfig({ NODE_ENV: 'production', LOG_REQUESTS: 'false' }) };
    const { server, port: closedPort } = await serve(deps);
    try {
      const answer = await post('/ussd', new URLSearchParams(fields(uniquePhone(), '', 'closed')).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' }, closedPort);
      expect([answer.status, answer.text]).toEqual([503, 'END This service is not available.']);
    } finally {
      server.close();
    }
  });
});
