// Connections: a shut-down finishes the requests in flight on keep-alive connections before the
// database closes, and a refused oversized body does not break the keep-alive connection.
import { createAdaptorServer } from '@hono/node-server';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { shutDownOnSignal } from '../../server/lib/shutdown';
import { createTestShop, uniqueEmail, type TestShop } from '../support/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

function request(agent: http.Agent, port: number, method: string, path: string, body?: object): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const call = http.request({ host: '127.0.0.1', port, path, method, agent, headers: payload ? { 'Content-Type': 'application/json' } : {} }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(payload);
  });
}

describe('shutting down', () => {
  it('finishes the requests in flight on keep-alive connections before closing the database', async () => {
    const server = createAdaptorServer({ fetch: createApp(shop.deps).fetch }) as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const stopper = shutDownOnSignal(server);
    // What the server itself has not finished answering, seen when the database is closed.
    let unfinished = 0;
    let unfinishedWhenDatabaseClosed = -1;
    server.on('request', (_request, response: http.ServerResponse) => {
      unfinished += 1;
      response.on('finish', () => (unfinished -= 1));
    });
    try {
      // Open the keep-alive connections first, so the requests below travel on connections already open.
      await Promise.all(Array.from({ length: 8 }, () => request(agent, port, 'GET', '/api/health')));
      const inFlight = Array.from({ length: 8 }, () =>
        request(agent, port, 'POST', '/api/auth/register', { fullName: 'Drain Check', email: uniqueEmail('drain'), password: 'secret-123' })
          .catch((error: Error) => ({ status: 0, body: error.message })),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      const finished = await stopper.shutDown({
        server,
        deps: shop.deps,
        closeDatabase: async () => {
          unfinishedWhenDatabaseClosed = unfinished;
        },
      });
      expect(finished).toBe(true);
      const answers = await Promise.all(inFlight);
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
      expect(unfinishedWhenDatabaseClosed).toBe(0);
      // Stopped listening: a new connection is refused.
      await expect(request(new http.Agent(), port, 'GET', '/api/health')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  });
});

describe('shutting down behind a load balancer (SHUTDOWN_DELAY_MS)', () => {
  it('goes on answering while its health check says 503, then stops accepting', async () => {
    const server = createAdaptorServer({ fetch: createApp(shop.deps, { isStopping: () => stopper.isStopping() }).fetch }) as Server;
    const stopper = shutDownOnSignal(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let stopped = false;
    try {
      expect((await request(new http.Agent(), port, 'GET', '/api/health')).status).toBe(200);
      const stopping = stopper.shutDown({ server, deps: shop.deps, closeDatabase: async () => {}, delayMs: 1_000 }).then(() => (stopped = true));
      const agent = new http.Agent({ keepAlive: true });
      const health = await request(agent, port, 'GET', '/api/health');
      expect(health.status).toBe(503);
      expect(JSON.parse(health.body)).toMatchObject({ ok: false });
      const served = await request(agent, port, 'POST', '/api/auth/register', { fullName: 'Late Arrival', email: uniqueEmail('late'), password: 'secret-123' });
      expect(served.status).toBe(201);
      expect(stopped).toBe(false);
      await stopping;
      await expect(request(new http.Agent(), port, 'GET', '/api/health')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      server.closeAllConnections();
    }
  });
});

describe('an oversized body', () => {
  it('answers 413 and leaves the keep-alive client able to send its next request', async () => {
    const server = createAdaptorServer({ fetch: createApp(shop.deps).fetch }) as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooBig = await request(agent, port, 'POST', '/api/contact', { name: 'x', email: 'a@b.rw', subject: 's', message: 'm'.repeat(300 * 1024) });
      expect(tooBig.status).toBe(413);
      expect(JSON.parse(tooBig.body)).toMatchObject({ success: false, message: 'Request body is too large' });
      const next = await request(agent, port, 'GET', '/api/health');
      expect(next.status).toBe(200);
      const ussd = await request(agent, port, 'POST', '/api/auth/login', { identifier: 'x'.repeat(200 * 1024), password: 'p' });
      expect(ussd.status).toBe(413);
      expect((await request(agent, port, 'GET', '/api/config')).status).toBe(200);
    } finally {
      agent.destroy();
      server.closeAllConnections();
      server.close();
    }
  });
});
