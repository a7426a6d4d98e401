// Request bodies: every route that takes one reads it as a stream and refuses it past the size that
// route needs, so no body is ever held whole beyond that size (an unlimited JSON read of a 200 MB
// post held all of it). A refusal is answered at once with Connection: close; the connection then
// closes the way nginx's lingering close does (lingerBeforeClosing below), so the answer reaches a
// client that is still sending instead of being lost to a reset (docs/decisions/011-refused-bodies-linger.md).
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * After a refused body, how long and how much of its rest is read and dropped before the socket is
 * destroyed: nginx's lingering_time and lingering_timeout, with a ceiling on the bytes.
 */
export const LINGER = { maxMs: 10_000, idleMs: 2_000, maxBytes: 64 * 1024 * 1024 };
export type LingerLimits = typeof LINGER;

const LINGERING = Symbol('lingering');
type LingeringSocket = Socket & { [LINGERING]?: true };

/**
 * Node closes a connection whose answer said Connection: close as soon as that answer is written
 * (http.Server calls socket.destroySoon). A client still sending its body then gets a reset, and
 * its system drops the answer it had not yet read: the client sees EPIPE, not the 413. This socket
 * instead closes its sending side after the answer (the client reads the answer and the end of it),
 * goes on reading what the client sends (Node's parser drops a refused request's body) and is
 * destroyed once the client closes, stops sending for `idleMs`, or passes `maxMs` or `maxBytes`.
 */
export function lingerBeforeClosing(socket: Socket, limits: LingerLimits = LINGER): void {
  const lingering = socket as LingeringSocket;
  if (lingering[LINGERING]) return;
  lingering[LINGERING] = true;
  let started = false;
  lingering.destroySoon = () => {
    if (started) return;
    started = true;
    if (socket.writable) socket.end();
    watchUntilQuiet(socket, limits);
  };
}

/** Destroys the socket once it has been quiet for idleMs, or has lingered maxMs or read maxBytes more. */
function watchUntilQuiet(socket: Socket, limits: LingerLimits): void {
  const startedAt = Date.now();
  const startBytes = socket.bytesRead;
  let lastBytes = startBytes;
  let lastChange = startedAt;
  const timer = setInterval(() => {
    const now = Date.now();
    if (socket.bytesRead !== lastBytes) {
      lastBytes = socket.bytesRead;
      lastChange = now;
    }
    if (now - lastChange >= limits.idleMs || now - startedAt >= limits.maxMs || lastBytes - startBytes > limits.maxBytes) socket.destroy();
  }, Math.min(250, limits.idleMs));
  timer.unref();
  socket.once('close', () => clearInterval(timer));
}

/** The Node request behind a Hono context, or undefined when the app is called directly (tests' app.request). */
function nodeIncoming(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** Reads the rest of a refused body and drops it, so the socket goes on being read while it lingers. */
function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const next = (): Promise<void> => reader.read().then(({ done }) => (done ? undefined : next()));
  next().catch(() => undefined);
}

export type Refusal = (c: Context) => Response | Promise<Response>;

/** Answers `refuse` with Connection: close, the rest of the body read and dropped while the connection lingers. */
function refused(c: Context, reader: ReadableStreamDefaultReader<Uint8Array>, refuse: Refusal): Response | Promise<Response> {
  const socket = nodeIncoming(c)?.socket;
  if (socket) lingerBeforeClosing(socket);
  dropRest(reader);
  c.header('Connection', 'close');
  return refuse(c);
}

/** Whether the request declares its length (Node's parser then reads exactly that many bytes as its body). */
function declaredLength(c: Context): number | undefined {
  const length = c.req.header('content-length');
  return length === undefined || c.req.header('transfer-encoding') !== undefined ? undefined : Number(length);
}

/**
 * A body of at most `maxSize` bytes: a declared length past it is refused unread, one within it is
 * left for the handler to read; a body sent in pieces without a length is counted as it arrives,
 * refused once past it, and otherwise handed on as the bytes read.
 */
export function limitBody(maxSize: number, refuse: Refusal): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = declaredLength(c);
    if (declared !== undefined) return declared > maxSize ? refused(c, body.getReader(), refuse) : next();
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxSize) return refused(c, reader, refuse);
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks, size) });
    return next();
  };
}
