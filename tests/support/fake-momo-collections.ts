// A local stand-in for MTN MoMo's Collections API (request-to-pay), checking every request as MTN's
// documentation describes it, and answering as MTN does, failures included:
//   POST /collection/token/                  Basic base64(apiUser:apiKey), Ocp-Apim-Subscription-Key, no body
//                                            -> 200 {access_token, token_type, expires_in}; the token expires
//   POST /collection/v1_0/requesttopay       Bearer token (known, unexpired), Ocp-Apim-Subscription-Key,
//                                            X-Reference-Id (UUID v4, unused), X-Target-Environment,
//                                            X-Callback-Url (optional; the API user's callback host),
//                                            Content-Type: application/json, body {amount: "digits",
//                                            currency, externalId, payer: {partyIdType: "MSISDN",
//                                            partyId: digits}, payerMessage, payeeNote} (strings, at most
//                                            160 characters, no apostrophe) -> 202
//   GET  /collection/v1_0/requesttopay/{id}  -> 200 {amount, currency, externalId, payer, payerMessage,
//                                            payeeNote, status, financialTransactionId?, reason?} or 404
// Errors come as MTN's {code, message}: 400 for a request outside the specification, 401 for a bad
// key or token, 409 RESOURCE_ALREADY_EXIST for a reused reference id, 500 INVALID_CURRENCY,
// NOT_ALLOWED_TARGET_ENVIRONMENT or INVALID_CALLBACK_URL_HOST. A request stays PENDING until the test
// settles it (the payer approving or declining on their phone), which also sends MTN's callback, once.
// Tests can make the next answers a 500 or no answer at all.
// Run alone (for the e2e): `node --import tsx tests/support/fake-momo-collections.ts` prints its URL;
// POST /__settle {partyId, status, reason?} settles that payer's latest request, POST /__next
// {requestToPay?, status?, partyId?} sets the next answers (to that payer only, with partyId), GET /__log
// lists what it received and refused.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMomoAccount {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  targetEnvironment: string;
  currency: string;
}

export interface FakeMomoOptions extends Partial<FakeMomoAccount> {
  port?: number;
  /** The API user's providerCallbackHost: an X-Callback-Url on another host is refused (500 INVALID_CALLBACK_URL_HOST). */
  callbackHost?: string;
  /** How long a token lives (MTN: 3600 s). */
  tokenSeconds?: number;
  /** Delivers MTN's callback; by default an HTTP request to the X-Callback-Url. */
  deliverCallback?: (url: string, init: RequestInit) => unknown;
}

export interface FakeMomoRequest {
  referenceId: string;
  body: { amount: string; currency: string; externalId: string; payer: { partyIdType: string; partyId: string }; payerMessage: string; payeeNote: string };
  callbackUrl?: string;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  financialTransactionId?: string;
  reason?: string | { code: string; message: string };
  /** How many times the status endpoint was asked about it. */
  statusChecks: number;
  callbacks: number;
}

/** How the next request-to-pay is answered: accepted (202), refused, a 500, no answer; or taken but its answer lost. */
export type RequestToPayAnswer = 'accept' | 'http_400' | 'http_500' | 'no_answer' | 'accept_then_500' | 'accept_then_no_answer';
export type StatusAnswer = 'answer' | 'http_500' | 'no_answer';

export interface Settlement {
  status: 'SUCCESSFUL' | 'FAILED';
  /** For FAILED: MTN's code, sent as a plain string or (`reasonAs: 'object'`) as {code, message}. */
  reason?: string;
  reasonAs?: 'string' | 'object';
  /** Whether MTN's callback is sent (it is sent once, and may never come). */
  callback?: boolean;
}

export interface FakeMomo extends FakeMomoAccount {
  /** The API's base, for MOMO_BASE_URL. */
  url: string;
  /** Every request-to-pay MTN holds, oldest first. */
  requests: FakeMomoRequest[];
  /** Requests MTN would refuse, with the reason. */
  refused: string[];
  /** Tokens issued. */
  tokensIssued: number;
  /** The answers to the next request-to-pay calls, in order; then 'accept'. */
  nextRequestToPay(...answers: RequestToPayAnswer[]): void;
  /** The same for the next requests to one payer's number (digits) only: tests running side by side keep apart. */
  nextRequestToPayFor(partyId: string, ...answers: RequestToPayAnswer[]): void;
  /** The answers to the next status calls, in order; then 'answer'. */
  nextStatus(...answers: StatusAnswer[]): void;
  /** Every token issued so far has run out (as one an hour old has). */
  expireTokens(): void;
  /** The payer approved or declined on their phone: the request is final, and MTN's callback goes (unless told not to). */
  settle(referenceId: string, settlement: Settlement): Promise<FakeMomoRequest>;
  /** The latest request to a payer's number (digits, e.g. 250788123456). */
  latestFor(partyId: string): FakeMomoRequest | undefined;
  environment(): Record<string, string>;
  close(): Promise<void>;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const ZERO_DECIMAL_CURRENCIES = new Set(['RWF', 'UGX', 'XAF', 'XOF', 'GNF']);
const NOTE_LIMIT = 160;
const REASON_MESSAGES: Record<string, string> = {
  APPROVAL_REJECTED: 'The payer rejected the request',
  EXPIRED: 'The request expired',
  NOT_ENOUGH_FUNDS: 'Not enough funds on payer account',
  PAYER_NOT_FOUND: 'Payer not found',
  INTERNAL_PROCESSING_ERROR: 'An internal error occurred while processing',
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) response.writeHead(status).end();
  else response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

const mtnError = (code: string, message: string) => ({ code, message });

/** A body MTN's specification refuses (400), or undefined. */
function bodyProblem(raw: string, currency: string): string | undefined {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return 'body is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body is not an object';
  const { amount, externalId, payer, payerMessage, payeeNote } = body;
  if (typeof amount !== 'string') return `amount is not a string: ${JSON.stringify(amount)}`;
  const pattern = ZERO_DECIMAL_CURRENCIES.has(currency) ? /^[1-9]\d*$/ : /^(0|[1-9]\d*)(\.\d{1,2})?$/;
  if (!pattern.test(amount) || Number(amount) <= 0) return `amount is not a positive ${currency} amount: ${amount}`;
  if (typeof body.currency !== 'string') return 'currency is not a string';
  if (typeof externalId !== 'string' || !externalId) return 'externalId is not a non-empty string';
  if (!payer || typeof payer !== 'object') return 'payer is missing';
  const { partyIdType, partyId } = payer as Record<string, unknown>;
  if (partyIdType !== 'MSISDN') return `payer.partyIdType is not MSISDN: ${String(partyIdType)}`;
  if (typeof partyId !== 'string' || !/^\d{8,15}$/.test(partyId)) return `payer.partyId is not an MSISDN (country code, digits only): ${String(partyId)}`;
  for (const [name, note] of [['payerMessage', payerMessage], ['payeeNote', payeeNote]] as const) {
    if (typeof note !== 'string') return `${name} is not a string`;
    if (note.length > NOTE_LIMIT) return `${name} is longer than ${NOTE_LIMIT} characters`;
    if (note.includes("'")) return `${name} holds an apostrophe, which MTN refuses: ${note}`;
  }
  return undefined;
}

export async function startFakeMomoCollections(options: FakeMomoOptions = {}): Promise<FakeMomo> {
  const account: FakeMomoAccount = {
    subscriptionKey: options.subscriptionKey ?? randomBytes(16).toString('hex'),
    apiUser: options.apiUser ?? randomUUID(),
    apiKey: options.apiKey ?? randomBytes(16).toString('hex'),
    targetEnvironment: options.targetEnvironment ?? 'mtnrwanda',
    currency: options.currency ?? 'RWF',
  };
  const tokenSeconds = options.tokenSeconds ?? 3600;
  const tokens = new Map<string, number>();
  const requests: FakeMomoRequest[] = [];
  const refused: string[] = [];
  const requestAnswers: RequestToPayAnswer[] = [];
  const answersByPayer = new Map<string, RequestToPayAnswer[]>();
  const statusAnswers: StatusAnswer[] = [];
  const hanging = new Set<ServerResponse>();
  let tokensIssued = 0;
  let transactions = 1_000_000_000;

  const deliver = options.deliverCallback ?? ((url: string, init: RequestInit) => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) }));

  const refuse = (response: ServerResponse, status: number, code: string, problem: string) => {
    refused.push(problem);
    sendJson(response, status, mtnError(code, problem));
  };
  const hang = (response: ServerResponse) => {
    hanging.add(response);
    response.on('close', () => hanging.delete(response));
  };

  /** The subscription key and the bearer token, as every product call needs them. */
  function callerProblem(request: IncomingMessage): { status: number; code: string; problem: string } | undefined {
    if (request.headers['ocp-apim-subscription-key'] !== account.subscriptionKey) {
      return { status: 401, code: 'ACCESS_DENIED', problem: 'Access denied due to invalid subscription key' };
    }
    const bearer = /^Bearer (\S+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (expiresAt === undefined) return { status: 401, code: 'UNAUTHORIZED', problem: 'Access token is missing or invalid' };
    if (Date.now() >= expiresAt) return { status: 401, code: 'UNAUTHORIZED', problem: 'Access token expired' };
    if (request.headers['x-target-environment'] !== account.targetEnvironment) {
      return { status: 500, code: 'NOT_ALLOWED_TARGET_ENVIRONMENT', problem: `X-Target-Environment is not ${account.targetEnvironment}: ${String(request.headers['x-target-environment'])}` };
    }
    return undefined;
  }

  function issueToken(request: IncomingMessage, raw: string, response: ServerResponse) {
    if (request.method !== 'POST') return refuse(response, 405, 'METHOD_NOT_ALLOWED', `token: method ${request.method}`);
    if (request.headers['ocp-apim-subscription-key'] !== account.subscriptionKey) return refuse(response, 401, 'ACCESS_DENIED', 'token: invalid subscription key');
    const expected = `Basic ${Buffer.from(`${account.apiUser}:${account.apiKey}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return refuse(response, 401, 'UNAUTHORIZED', 'token: API user and key missing or wrong');
    if (raw.length) return refuse(response, 400, 'BAD_REQUEST', 'token: the token call takes no body');
    const value = randomBytes(24).toString('base64url');
    tokens.set(value, Date.now() + tokenSeconds * 1000);
    tokensIssued += 1;
    sendJson(response, 200, { access_token: value, token_type: 'access_token', expires_in: tokenSeconds });
  }

  function createRequest(request: IncomingMessage, raw: string, response: ServerResponse) {
    if (request.method !== 'POST') return refuse(response, 405, 'METHOD_NOT_ALLOWED', `requesttopay: method ${request.method}`);
    const caller = callerProblem(request);
    if (caller) return refuse(response, caller.status, caller.code, `requesttopay: ${caller.problem}`);
    const referenceId = String(request.headers['x-reference-id'] ?? '');
    if (!UUID_V4.test(referenceId)) return refuse(response, 400, 'BAD_REQUEST', `requesttopay: X-Reference-Id is not a UUID v4: ${referenceId}`);
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return refuse(response, 400, 'BAD_REQUEST', 'requesttopay: Content-Type is not application/json');
    const callbackUrl = request.headers['x-callback-url'] === undefined ? undefined : String(request.headers['x-callback-url']);
    if (callbackUrl !== undefined) {
      let host: string;
      try {
        const parsed = new URL(callbackUrl);
        if (!/^https?:$/.test(parsed.protocol)) throw new Error('not http');
        host = parsed.hostname;
      } catch {
        return refuse(response, 400, 'BAD_REQUEST', `requesttopay: X-Callback-Url is not a URL: ${callbackUrl}`);
      }
      if (options.callbackHost && host !== options.callbackHost) return refuse(response, 500, 'INVALID_CALLBACK_URL_HOST', `requesttopay: callback host ${host} is not ${options.callbackHost}`);
    }
    const problem = bodyProblem(raw, account.currency);
    if (problem) return refuse(response, 400, 'BAD_REQUEST', `requesttopay: ${problem}`);
    const body = JSON.parse(raw) as FakeMomoRequest['body'];
    if (body.currency !== account.currency) return refuse(response, 500, 'INVALID_CURRENCY', `requesttopay: currency ${body.currency} is not ${account.currency}`);
    if (requests.some((held) => held.referenceId === referenceId)) {
      return refuse(response, 409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation of resource failed.');
    }
    const answer = answersByPayer.get(body.payer.partyId)?.shift() ?? requestAnswers.shift() ?? 'accept';
    if (answer === 'http_400') return refuse(response, 400, 'BAD_REQUEST', 'requesttopay: refused as the test asked');
    if (answer === 'http_500') return sendJson(response, 500, mtnError('INTERNAL_PROCESSING_ERROR', 'An internal error occurred while processing.'));
    if (answer === 'no_answer') return hang(response);
    requests.push({ referenceId, body, callbackUrl, status: 'PENDING', statusChecks: 0, callbacks: 0 });
    if (answer === 'accept_then_500') return sendJson(response, 500, mtnError('INTERNAL_PROCESSING_ERROR', 'An internal error occurred while processing.'));
    if (answer === 'accept_then_no_answer') return hang(response);
    sendJson(response, 202);
  }

  function resultOf(held: FakeMomoRequest) {
    return {
      amount: held.body.amount,
      currency: held.body.currency,
      ...(held.financialTransactionId ? { financialTransactionId: held.financialTransactionId } : {}),
      externalId: held.body.externalId,
      payer: held.body.payer,
      payerMessage: held.body.payerMessage,
      payeeNote: held.body.payeeNote,
      status: held.status,
      ...(held.reason ? { reason: held.reason } : {}),
    };
  }

  function readStatus(request: IncomingMessage, referenceId: string, response: ServerResponse) {
    if (request.method !== 'GET') return refuse(response, 405, 'METHOD_NOT_ALLOWED', `status: method ${request.method}`);
    const caller = callerProblem(request);
    if (caller) return refuse(response, caller.status, caller.code, `status: ${caller.problem}`);
    if (!UUID_V4.test(referenceId)) return refuse(response, 400, 'BAD_REQUEST', `status: the reference id is not a UUID v4: ${referenceId}`);
    const answer = statusAnswers.shift() ?? 'answer';
    if (answer === 'http_500') return sendJson(response, 500, mtnError('INTERNAL_PROCESSING_ERROR', 'An internal error occurred while processing.'));
    if (answer === 'no_answer') return hang(response);
    const held = requests.find((candidate) => candidate.referenceId === referenceId);
    if (!held) return sendJson(response, 404, mtnError('RESOURCE_NOT_FOUND', 'Requested resource was not found.'));
    held.statusChecks += 1;
    sendJson(response, 200, resultOf(held));
  }

  async function settle(referenceId: string, settlement: Settlement): Promise<FakeMomoRequest> {
    const held = requests.find((candidate) => candidate.referenceId === referenceId);
    if (!held) throw new Error(`no request ${referenceId}`);
    if (held.status !== 'PENDING') throw new Error(`request ${referenceId} is already ${held.status}`);
    held.status = settlement.status;
    if (settlement.status === 'SUCCESSFUL') {
      transactions += 1;
      held.financialTransactionId = String(transactions);
    } else {
      const code = settlement.reason ?? 'APPROVAL_REJECTED';
      held.reason = settlement.reasonAs === 'object' ? { code, message: REASON_MESSAGES[code] ?? code } : code;
    }
    if (settlement.callback !== false && held.callbackUrl) {
      held.callbacks += 1;
      // Sent once and never retried, as MTN does: a callback the shop misses is lost.
      await Promise.resolve(deliver(held.callbackUrl, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(resultOf(held)) })).catch(() => undefined);
    }
    return held;
  }

  const nextFor = (partyId: string, answers: RequestToPayAnswer[]) => answersByPayer.set(partyId, [...(answersByPayer.get(partyId) ?? []), ...answers]);
  const latestFor = (partyId: string) => requests.filter((held) => held.body.payer.partyId === partyId).at(-1);

  async function control(request: IncomingMessage, path: string, raw: string, response: ServerResponse) {
    if (request.method === 'GET' && path === '/__log') return sendJson(response, 200, { requests, refused, tokensIssued });
    if (request.method === 'POST' && path === '/__next') {
      const { requestToPay, status, partyId } = JSON.parse(raw || '{}') as { requestToPay?: RequestToPayAnswer[]; status?: StatusAnswer[]; partyId?: string };
      if (partyId) nextFor(String(partyId).replace(/^\+/, ''), requestToPay ?? []);
      else requestAnswers.push(...(requestToPay ?? []));
      statusAnswers.push(...(status ?? []));
      return sendJson(response, 204);
    }
    if (request.method === 'POST' && path === '/__settle') {
      const { partyId, ...settlement } = JSON.parse(raw || '{}') as Settlement & { partyId: string };
      const held = latestFor(String(partyId).replace(/^\+/, ''));
      if (!held || held.status !== 'PENDING') return sendJson(response, 404, { message: `no pending request for ${partyId}` });
      return sendJson(response, 200, await settle(held.referenceId, settlement));
    }
    sendJson(response, 404, mtnError('RESOURCE_NOT_FOUND', 'Not found'));
  }

  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const raw = await readBody(request);
    if (path.startsWith('/__')) return control(request, path, raw, response);
    if (path === '/collection/token/') return issueToken(request, raw, response);
    if (path === '/collection/v1_0/requesttopay') return createRequest(request, raw, response);
    const status = /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(path);
    if (status) return readStatus(request, decodeURIComponent(status[1]), response);
    sendJson(response, 404, mtnError('RESOURCE_NOT_FOUND', `No such path: ${path}`));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    ...account,
    url,
    requests,
    refused,
    get tokensIssued() {
      return tokensIssued;
    },
    nextRequestToPay: (...answers) => void requestAnswers.push(...answers),
    nextRequestToPayFor: (partyId, ...answers) => nextFor(partyId, answers),
    nextStatus: (...answers) => void statusAnswers.push(...answers),
    expireTokens() {
      for (const value of tokens.keys()) tokens.set(value, 0);
    },
    settle,
    latestFor,
    environment: () => ({
      MOMO_BASE_URL: url,
      MOMO_TARGET_ENVIRONMENT: account.targetEnvironment,
      MOMO_SUBSCRIPTION_KEY: account.subscriptionKey,
      MOMO_API_USER: account.apiUser,
      MOMO_API_KEY: account.apiKey,
      MOMO_CURRENCY: account.currency,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Run alone (for the e2e): FAKE_MOMO_PORT (default 0) and MOMO_* to expect.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const fake = await startFakeMomoCollections({
    port: Number(process.env.FAKE_MOMO_PORT ?? 0),
    subscriptionKey: process.env.MOMO_SUBSCRIPTION_KEY,
    apiUser: process.env.MOMO_API_USER,
    apiKey: process.env.MOMO_API_KEY,
    targetEnvironment: process.env.MOMO_TARGET_ENVIRONMENT,
    currency: process.env.MOMO_CURRENCY,
  });
  console.log(fake.url);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * The shopper's phone for the flows: answers MTN's PIN prompt for the latest request to a number
 * (approve: SUCCESSFUL; decline: FAILED, APPROVAL_REJECTED), and MTN's callback follows. `settled`
 * waits for requests the shop sends after its reply (USSD ends the session first).
 */
export function momoPhone(fake: FakeMomo, settled: () => Promise<void>) {
  return {
    async answer(phone: string, answer: 'approve' | 'decline'): Promise<string | undefined> {
      await settled();
      const held = fake.latestFor(phone.replace(/^\+/, ''));
      if (!held || held.status !== 'PENDING') return `no MoMo payment request is waiting on ${phone}`;
      await fake.settle(held.referenceId, answer === 'approve' ? { status: 'SUCCESSFUL' } : { status: 'FAILED', reason: 'APPROVAL_REJECTED' });
      return undefined;
    },
    /** MTN answers the next request-to-pay with a 500. */
    down: () => fake.nextRequestToPay('http_500'),
  };
}
