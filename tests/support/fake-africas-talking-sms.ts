// A local stand-in for Africa's Talking's SMS API (POST /version1/messaging), checking each request
// as the provider documents it: the apiKey header, Accept: application/json, a form body with the
// account's username, `to` as international numbers, a non-empty `message`, and `from` only if
// given. It answers as the provider does (201, SMSMessageData.Recipients[]) and keeps a log.
// Tests start it on port 0; the e2e can run it alone: `node --import tsx tests/support/fake-africas-talking-sms.ts`
// (prints its URL; GET /__log gives the accepted messages as JSON).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSmsMessage {
  to: string;
  message: string;
  from?: string;
  messageId: string;
}

export interface FakeSmsOptions {
  username?: string;
  apiKey?: string;
  port?: number;
}

export interface FakeSms {
  /** The messaging endpoint, for AT_SMS_URL. */
  url: string;
  username: string;
  apiKey: string;
  accepted: FakeSmsMessage[];
  /** Requests the provider would refuse, with the reason. */
  refused: string[];
  /** The next n requests are answered as the provider does when the balance is spent. */
  failNext(count?: number, how?: 'insufficient_balance' | 'http_500'): void;
  close(): Promise<void>;
}

const INTERNATIONAL_NUMBER = /^\+[1-9]\d{7,14}$/;
const MAX_MESSAGE_LENGTH = 1600;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function problemWith(request: IncomingMessage, form: URLSearchParams, username: string, apiKey: string): string | undefined {
  if (request.method !== 'POST') return `method ${request.method}`;
  if (request.headers.apikey !== apiKey) return 'apiKey header missing or wrong';
  if (!String(request.headers.accept ?? '').includes('application/json')) return 'Accept is not application/json';
  if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return 'body is not a form';
  if (form.get('username') !== username) return 'username missing or wrong';
  const to = form.get('to') ?? '';
  if (!to || !to.split(',').every((number) => INTERNATIONAL_NUMBER.test(number.trim()))) return `to is not a list of international numbers: ${to}`;
  const message = form.get('message') ?? '';
  if (!message.trim()) return 'message is empty';
  if (message.length > MAX_MESSAGE_LENGTH) return 'message is too long';
  if (form.has('from') && !form.get('from')) return 'from is empty';
  return undefined;
}

export async function startFakeAfricasTalkingSms(options: FakeSmsOptions = {}): Promise<FakeSms> {
  const username = options.username ?? 'isoko-test';
  const apiKey = options.apiKey ?? 'atsk_test_0123456789abcdef';
  const accepted: FakeSmsMessage[] = [];
  const refused: string[] = [];
  let failures: { left: number; how: 'insufficient_balance' | 'http_500' } = { left: 0, how: 'insufficient_balance' };
  let counter = 0;

  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (request.method === 'GET' && path === '/__log') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ accepted, refused }));
      return;
    }
    if (path !== '/version1/messaging') {
      response.writeHead(404).end('Not found');
      return;
    }
    const form = new URLSearchParams(await readBody(request));
    const problem = problemWith(request, form, username, apiKey);
    if (problem) {
      refused.push(problem);
      const status = problem.startsWith('apiKey') ? 401 : 400;
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 401 ? 'The supplied authentication is invalid' : problem);
      return;
    }
    if (failures.left > 0) {
      failures.left -= 1;
      if (failures.how === 'http_500') {
        response.writeHead(500).end('Internal error');
        return;
      }
      const recipients = (form.get('to') ?? '').split(',').map((number) => ({ statusCode: 405, number, status: 'InsufficientBalance', cost: '0', messageId: 'None' }));
      response.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ SMSMessageData: { Message: 'Sent to 0/1', Recipients: recipients } }));
      return;
    }
    const recipients = (form.get('to') ?? '').split(',').map((number) => {
      counter += 1;
      const messageId = `ATXid_fake${String(counter).padStart(6, '0')}`;
      accepted.push({ to: number.trim(), message: form.get('message') ?? '', ...(form.has('from') ? { from: form.get('from')! } : {}), messageId });
      return { statusCode: 101, number: number.trim(), status: 'Success', cost: 'RWF 15.0000', messageId };
    });
    response
      .writeHead(201, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ SMSMessageData: { Message: `Sent to ${recipients.length}/${recipients.length} Total Cost: RWF 15.0000`, Recipients: recipients } }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/version1/messaging`,
    username,
    apiKey,
    accepted,
    refused,
    failNext(count = 1, how = 'insufficient_balance') {
      failures = { left: count, how };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run alone (for the e2e): FAKE_SMS_PORT (default 0), AT_USERNAME and AT_API_KEY to expect.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const fake = await startFakeAfricasTalkingSms({
    port: Number(process.env.FAKE_SMS_PORT ?? 0),
    username: process.env.AT_USERNAME,
    apiKey: process.env.AT_API_KEY,
  });
  console.log(fake.url);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
