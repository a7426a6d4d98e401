// A stand-in for Africa's Talking's SMS endpoint (POST /version1/messaging), for the browser suites:
// it checks each request as the provider would (apiKey header, JSON accepted, a form body with the
// right username, an international `to`, a message) and answers in the provider's shape. Every
// accepted SMS is appended as one JSON line to a log file the specs read.
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSmsOptions {
  username: string;
  apiKey: string;
  logFile: string;
}

export interface LoggedSms {
  to: string;
  message: string;
  from: string | null;
  at: string;
}

/** Problems with a request, in the provider's words where it has them; empty when it would be accepted. */
export function requestProblems(method: string, path: string, headers: Record<string, string | string[] | undefined>, body: URLSearchParams, options: FakeSmsOptions): string[] {
  const problems: string[] = [];
  if (method !== 'POST') problems.push('method must be POST');
  if (path !== '/version1/messaging') problems.push(`unknown path ${path}`);
  if (headers.apikey !== options.apiKey) problems.push('The supplied authentication is invalid');
  if (!String(headers.accept ?? '').includes('application/json')) problems.push('Accept must be application/json');
  if (!String(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) problems.push('body must be form-encoded');
  if (body.get('username') !== options.username) problems.push('username does not match the API key');
  const to = body.get('to') ?? '';
  if (!to.split(',').every((number) => /^\+\d{10,15}$/.test(number.trim()))) problems.push(`invalid phone number: ${to}`);
  const message = body.get('message') ?? '';
  if (!message.trim()) problems.push('message is required');
  return problems;
}

export async function startFakeSmsProvider(options: FakeSmsOptions): Promise<{ url: string; server: Server }> {
  writeFileSync(options.logFile, '');
  let sent = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const problems = requestProblems(request.method ?? '', path, request.headers, body, options);
      if (problems.length) {
        const status = problems.includes('The supplied authentication is invalid') ? 401 : 400;
        response.writeHead(status, { 'Content-Type': 'text/plain' }).end(problems.join('; '));
        return;
      }
      sent += 1;
      const to = body.get('to') ?? '';
      const entry: LoggedSms = { to, message: body.get('message') ?? '', from: body.get('from'), at: new Date().toISOString() };
      appendFileSync(options.logFile, `${JSON.stringify(entry)}\n`);
      response.writeHead(201, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          SMSMessageData: {
            Message: 'Sent to 1/1 Total Cost: RWF 20.0000',
            Recipients: [{ statusCode: 101, number: to, status: 'Success', cost: 'RWF 20.0000', messageId: `ATXid_e2e_${sent}` }],
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/version1/messaging`, server };
}
