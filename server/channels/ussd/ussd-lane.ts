// A USSD gateway's callback answered at Node's request handler (lib/node-lanes.ts): each hop of a
// session is one small form post, and going through the fetch adapter (a fetch Request, its body read
// as a stream, FormData) and the middleware chain cost more than the conversation's turn itself. Only
// a form post to exactly /ussd on an open /ussd is taken; the answer, its status, headers and log line
// are the route's (ussd.routes.ts, the same rules in ussd-answer.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { en } from '../../conversation/i18n/en';
import { lingerBeforeClosing } from '../../lib/body-limit';
import type { ShopDeps } from '../../lib/deps';
import { logAnswered, replyHeaders, type Lane } from '../../lib/node-lanes';
import { africasTalking } from './africas-talking';
import type { UssdGateway, UssdResponse } from './gateway';
import { USSD_BODY_LIMIT, isGateway, ussdAnswer } from './ussd-answer';
import { ussdOpen } from './ussd.routes';

const PATH = '/ussd';
const FORM = 'application/x-www-form-urlencoded';

/**
 * A reply's headers for a body of `length` bytes. They differ only by content type, closing and
 * length, so each set is put in order once (per lane) and only the length is filled in per reply.
 */
function headersOf(ordered: Map<string, string[]>, contentType: string, closing: boolean, length: number): string[] {
  const key = `${closing ? 'close' : 'keep'} ${contentType}`;
  let headers = ordered.get(key);
  if (!headers) {
    headers = replyHeaders({ 'cache-control': 'no-store', 'content-type': contentType, ...(closing ? { connection: 'close' } : {}) }, 0);
    ordered.set(key, headers);
  }
  // The length is the last value (replyHeaders puts it after every other header).
  const filled = headers.slice();
  filled[filled.length - 1] = String(length);
  return filled;
}

function send(deps: ShopDeps, outgoing: ServerResponse, started: number, status: number, response: UssdResponse, closing: boolean, ordered: Map<string, string[]>): void {
  outgoing.writeHead(status, headersOf(ordered, response.contentType, closing, Buffer.byteLength(response.body, 'utf8')));
  // As text, Node writes the head and the body in one piece (a Buffer goes out as a second one).
  outgoing.end(response.body, 'utf8');
  logAnswered(deps, 'POST', PATH, status, started);
}

/** The body, or undefined once it grows past `limit` bytes (the rest flows on unkept while the answer closes the connection). */
function readBody(incoming: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        incoming.off('data', onData);
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    incoming.on('data', onData);
    incoming.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.once('error', reject);
  });
}

/** The gateway's form fields (the last value of a repeated one, as the route reads them). */
function formFields(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** In the route's order: a declared body over the limit, the gateway rule, then the body read and answered. */
async function answer(deps: ShopDeps, gateway: UssdGateway, incoming: IncomingMessage, outgoing: ServerResponse, query: URLSearchParams, ordered: Map<string, string[]>): Promise<void> {
  const started = performance.now();
  // Closing, lingering first so a gateway still sending reads the apology (lib/body-limit.ts).
  const tooLarge = () => {
    lingerBeforeClosing(incoming.socket);
    send(deps, outgoing, started, 400, gateway.apology(en['error.apology']), true, ordered);
  };
  if (Number(incoming.headers['content-length']) > USSD_BODY_LIMIT) return tooLarge();
  const given = query.get('key') ?? (incoming.headers['x-ussd-secret'] as string | undefined);
  if (!isGateway(given, () => incoming.socket.remoteAddress, deps.config.ussd.secret)) {
    deps.log.warn('ussd_refused', { gateway: gateway.name });
    // Node discards the unread body once this answer is sent.
    return send(deps, outgoing, started, 403, gateway.apology('Not allowed'), false, ordered);
  }
  const body = await readBody(incoming, USSD_BODY_LIMIT);
  if (body === undefined) return tooLarge();
  const { status, response } = await ussdAnswer(deps, gateway, async () => formFields(body));
  send(deps, outgoing, started, status, response, false, ordered);
}

/** The lane for /ussd, or none when /ussd is closed (production without a secret: the route refuses every caller). */
export function ussdLane(deps: ShopDeps, gateway: UssdGateway = africasTalking): Lane | undefined {
  if (!ussdOpen(deps)) return undefined;
  // This lane's reply headers, in order, by content type and closing (headersOf).
  const ordered = new Map<string, string[]>();
  return (incoming, outgoing) => {
    const url = incoming.url ?? '';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const type = incoming.headers['content-type']?.split(';')[0].trim().toLowerCase();
    if (incoming.method !== 'POST' || path !== PATH || type !== FORM) return false;
    answer(deps, gateway, incoming, outgoing, new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1)), ordered).catch((error: unknown) => {
      deps.log.error('ussd_failed', { gateway: gateway.name, error: error instanceof Error ? error.stack : String(error) });
      if (!outgoing.headersSent) send(deps, outgoing, performance.now(), 200, gateway.apology(en['error.apology']), false, ordered);
    });
    return true;
  };
}
