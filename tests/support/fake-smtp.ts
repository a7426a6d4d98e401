// A real SMTP server on 127.0.0.1 standing in for the shop's mail provider: smtp-server (from the
// nodemailer project) with AUTH PLAIN/LOGIN required for one user and password (anything else is
// refused with 535, as providers do), no TLS (the connection never leaves this machine), and each
// message parsed by mailparser and kept. It checks what a provider would (the envelope sender is the
// account's address, the message has Date, Message-ID, From, To and Subject) and refuses the next n
// messages with a 5xx when asked. Started on port 0 by the tests and the e2e server; GET /__log on
// its `logUrl` answers {received: FakeMail[], refused: string[]} for the browser specs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface FakeMail {
  /** The envelope's MAIL FROM and RCPT TO. */
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

export interface FakeSmtpOptions {
  user?: string;
  pass?: string;
  /** The address the account may send from; a message from another is refused with 553. */
  sender?: string;
}

export interface FakeSmtp {
  /** For SMTP_URL. */
  url: string;
  port: number;
  user: string;
  pass: string;
  sender: string;
  received: FakeMail[];
  /** What it refused, and why (never a message's text). */
  refused: string[];
  /** GET here answers {received, refused}. */
  logUrl: string;
  /** The next `count` messages are refused after their data with this reply (550 by default). */
  refuseNext(count?: number, reply?: { code: number; message: string }): void;
  close(): Promise<void>;
}

const REQUIRED_HEADERS = ['date', 'message-id', 'from', 'to', 'subject'] as const;

const addressesOf = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) => object.value.map((entry) => entry.address ?? ''));

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const user = options.user ?? 'isoko-mailer';
  const pass = options.pass ?? 'smtp-test-password-1';
  const sender = options.sender ?? 'shop@isoko.test';
  const received: FakeMail[] = [];
  const refused: string[] = [];
  let refusals: { count: number; reply: { code: number; message: string } } = { count: 0, reply: { code: 550, message: '' } };

  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      refused.push(`login refused for ${auth.username ?? ''}`);
      callback(smtpError(535, '5.7.8 Authentication credentials invalid'));
    },
    onMailFrom(address, _session, callback) {
      if (address.address.toLowerCase() !== sender.toLowerCase()) {
        refused.push(`sender ${address.address} is not the account's`);
        return callback(smtpError(553, `5.7.1 Sender address rejected: not owned by user ${user}`));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const missing = REQUIRED_HEADERS.filter((name) => !parsed.headers.has(name));
          if (missing.length) {
            refused.push(`headers missing: ${missing.join(', ')}`);
            return callback(smtpError(554, `5.6.0 Message lacks ${missing.join(', ')}`));
          }
          if (refusals.count > 0) {
            refusals = { ...refusals, count: refusals.count - 1 };
            refused.push(`refused on request: ${refusals.reply.code}`);
            return callback(smtpError(refusals.reply.code, refusals.reply.message));
          }
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: addressesOf(parsed.from)[0] ?? '',
            to: addressesOf(parsed.to),
            replyTo: addressesOf(parsed.replyTo),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html || '',
            headers,
            messageId: parsed.messageId ?? '',
          });
          callback(null, 'Message queued');
        })
        .catch((error: unknown) => {
          refused.push(`unreadable message: ${String(error)}`);
          callback(smtpError(554, '5.6.0 Unreadable message'));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  const log: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ received, refused }));
  });
  await new Promise<void>((resolve) => log.listen(0, '127.0.0.1', resolve));

  return {
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    port,
    user,
    pass,
    sender,
    received,
    refused,
    logUrl: `http://127.0.0.1:${(log.address() as AddressInfo).port}/__log`,
    refuseNext(count = 1, reply = { code: 550, message: '5.7.1 Message rejected as spam' }) {
      refusals = { count, reply };
    },
    async close() {
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), new Promise<void>((resolve) => log.close(() => resolve()))]);
    },
  };
}

// Run alone, to watch what a running shop e-mails: prints the SMTP_URL and MAIL_FROM to start the
// server with, and the log's address (FAKE_SMTP_SENDER sets the sender it accepts).
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const fake = await startFakeSmtp({ sender: process.env.FAKE_SMTP_SENDER });
  console.log(`SMTP_URL=${fake.url}\nMAIL_FROM=${fake.sender}\nlog: ${fake.logUrl}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
