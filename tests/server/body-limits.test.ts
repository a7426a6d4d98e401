// Request bodies over HTTP, as npm start serves them: every route that takes a body refuses one past
// its limit while it is still arriving (MTN's callback included), and the refusal reaches a client
// that is still sending: the answer, whole, then the connection's end, never a reset (EPIPE) that
// loses it (lib/body-limit.ts).
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER } from '../../server/lib/body-limit';
import { startFakeGraphApi, whatsappEnv, type FakeGraphApi } from '../support/fake-graph-api';
import { startFakeMomoCollections, type FakeMomo } from '../support/fake-momo-collections';
import { createTestShop, type TestShop } from '../support/test-app';

let shop: TestShop;
let momo: FakeMomo;
let graph: FakeGraphApi;
let port: number;

beforeAll(async () => {
  momo = await startFakeMomoCollections({ callbackHost: 'isoko.test', deliverCallback: async () => new Response(null, { status: 200 }) });
  graph = await startFakeGraphApi();
  shop = await createTestShop({ ...momo.environment(), ...whatsappEnv(graph, 'body-limits-app-secret-01', 'body-limits-verify-token-01') });
  await new Promise<void>((resolve) => shop.server.listen(0, '127.0.0.1', resolve));
  port = (shop.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await shop.close();
  await momo.close();
  await graph.close();
});

interface Sent {
  status: number;
  body: string;
  /** Bytes of the body written when the whole answer had arrived. */
  sentWhenAnswered: number;
  /** A reset or broken pipe while the client was still sending or reading. */
  failure?: string;
  /** The server closed its side after the answer. */
  closedByServer: boolean;
}

const PIECE = 64 * 1024;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The status and body of a complete HTTP/1.1 answer in `received`, or undefined while it is incomplete. */
function parseAnswer(received: Buffer): { status: number; body: string } | undefined {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd === -1) return undefined;
  const head = received.subarray(0, headEnd).toString('latin1');
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  if (received.length < headEnd + 4 + length) return undefined;
  return { status: Number(head.split(' ')[1]), body: received.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8') };
}

/**
 * A client sending `total` bytes to `path` in 64 KB pieces a few milliseconds apart, as a phone's
 * upload streams a file, declaring the length or not (chunked), and going on sending after the
 * answer arrives as a client does until it notices it. It reports the answer and whether the
 * connection was reset on it.
 */
function streamBody(path: string, total: number, options: { declare: boolean; type?: string }): Promise<Sent> {
  return new Promise((resolve) => {
    // Half-open allowed: the server's end does not stop this client sending, as it does not stop a busy upload.
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const type = options.type ?? 'application/json';
    const length = options.declare ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked';
    let received = Buffer.alloc(0);
    let sent = 0;
    let answer: { status: number; body: string } | undefined;
    let sentWhenAnswered = 0;
    let failure: string | undefined;
    let closedByServer = false;
    socket.on('data', (data) => {
      received = Buffer.concat([received, data]);
      answer ??= parseAnswer(received);
      if (answer && !sentWhenAnswered) sentWhenAnswered = sent;
    });
    socket.on('end', () => (closedByServer = true));
    socket.on('error', (error) => (failure = error.message));
    socket.on('close', () => resolve({ status: answer?.status ?? 0, body: answer?.body ?? '', sentWhenAnswered, failure, closedByServer }));
    const piece = Buffer.alloc(PIECE, 'a');
    const write = (bytes: Buffer) => new Promise<void>((done) => socket.write(bytes, () => done()));
    void (async () => {
      await write(Buffer.from(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\n${length}\r\n\r\n`));
      while (sent < total && !failure && !socket.destroyed) {
        await write(options.declare ? piece : Buffer.concat([Buffer.from(`${PIECE.toString(16)}\r\n`), piece, Buffer.from('\r\n')]));
        sent += PIECE;
        await pause(2);
      }
      if (!options.declare && !failure && !socket.destroyed) await write(Buffer.from('0\r\n\r\n'));
      // The whole body is sent: a client that has its answer now closes too.
      if (!socket.destroyed) socket.end();
    })();
  });
}

const MB = 1024 * 1024;

describe('a body past its route limit, sent in pieces', () => {
  it.each([
    ['/api/contact, its length declared', '/api/contact', 2 * MB, true, 413, 'Request body is too large'],
    ['/api/contact, chunked', '/api/contact', 2 * MB, false, 413, 'Request body is too large'],
    ['an image upload of 20 MB, its length declared', '/api/admin/uploads', 20 * MB, true, 413, 'The image must be at most 2 MB'],
    ['an image upload of 20 MB, chunked', '/api/admin/uploads', 20 * MB, false, 413, 'The image must be at most 2 MB'],
    ['MTN\'s callback, its length declared', '/momo/callback', 2 * MB, true, 413, 'Request body is too large'],
    ['MTN\'s callback, chunked', '/momo/callback', 2 * MB, false, 413, 'Request body is too large'],
  ])('%s: the client reads the whole JSON refusal, then the end of the connection, never a reset', async (_name, path, total, declare, status, message) => {
    const sent = await streamBody(path, total, { declare });
    expect(sent.failure).toBeUndefined();
    expect(sent.status).toBe(status);
    expect(JSON.parse(sent.body)).toEqual({ success: false, message, error: 'payload_too_large' });
    expect(sent.closedByServer).toBe(true);
    // Refused as it arrived: the answer came long before the body was all sent.
    expect(sent.sentWhenAnswered).toBeLessThan(total / 2);
  });

  it('the WhatsApp webhook refuses a delivery past 256 KB the same way, before its signature is checked', async () => {
    const sent = await streamBody('/whatsapp/webhook', 2 * MB, { declare: false });
    expect(sent.failure).toBeUndefined();
    expect(sent).toMatchObject({ status: 413, body: 'Too large', closedByServer: true });
  });

  it('a USSD gateway post past 16 KB gets the gateway\'s END apology, whole, at Node\'s handler', async () => {
    const sent = await streamBody('/ussd', 2 * MB, { declare: false, type: 'application/x-www-form-urlencoded' });
    expect(sent.failure).toBeUndefined();
    expect(sent.status).toBe(400);
    expect(sent.body).toMatch(/^END /);
    expect(sent.closedByServer).toBe(true);
  });

  it('a browser fetch streaming its body reads the 413 message', async () => {
    for (const total of [2 * MB, 20 * MB]) {
      let sent = 0;
      const piece = new Uint8Array(PIECE).fill(97);
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent >= total) return controller.close();
          sent += PIECE;
          controller.enqueue(piece);
          await pause(2);
        },
      });
      const path = total > 2 * MB ? '/api/admin/uploads' : '/api/contact';
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, duplex: 'half' } as RequestInit);
      expect(response.status).toBe(413);
      expect((await response.json()).error).toBe('payload_too_large');
    }
  });

  it('lingers only while the client sends: a client gone quiet is closed within the idle time', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    socket.write(`POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${10 * MB}\r\n\r\n`);
    socket.write(Buffer.alloc(PIECE, 'a'));
    // Never sends the rest, never closes: the server does, once idle.
    expect(await closed).toBeLessThan(LINGER.idleMs + 2_000);
  });
});

describe('a body within its limit', () => {
  it('is read as before, sent whole or in pieces', async () => {
    // 50 KB: a field the form does not know (dropped) makes up the size.
    const message = JSON.stringify({ name: 'Aline', email: 'aline@example.rw', subject: 'Hello', message: 'Hello', note: 'n'.repeat(50 * 1024) });
    const whole = await shop.http.post('/api/contact').set('Content-Type', 'application/json').send(message);
    expect(whole.status).toBe(201);
    const inPieces = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new ReadableStream({ start: (controller) => { controller.enqueue(new TextEncoder().encode(message.slice(0, 1000))); controller.enqueue(new TextEncoder().encode(message.slice(1000))); controller.close(); } }),
      duplex: 'half',
    } as RequestInit);
    expect(inPieces.status).toBe(201);
  });

  it('MTN\'s callback within 16 KB is still read and answered', async () => {
    const response = await shop.http.post('/momo/callback').set('Content-Type', 'application/json').send({ externalId: 'no-such-order', status: 'SUCCESSFUL' });
    expect(response.status).toBe(200);
  });
});
