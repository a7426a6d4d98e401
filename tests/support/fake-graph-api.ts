// A stand-in for the WhatsApp Cloud API's messages endpoint (POST /{version}/{phone-number-id}/messages)
// on 127.0.0.1, port 0. It checks every request as Meta documents it: the Bearer token, the phone
// number id, messaging_product, the recipient, and every shape and limit of text, list and reply
// button messages. An accepted message is recorded for the test to read; a refused one is recorded
// with its problems and answered with Graph's error shape, so a test sees both.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedMessage {
  to: string;
  body: Record<string, any>;
  accepted: boolean;
  problems: string[];
}

export interface FakeGraphApi {
  /** Base URL to configure as WHATSAPP_GRAPH_URL, version included. */
  url: string;
  accessToken: string;
  phoneNumberId: string;
  received: RecordedMessage[];
  /** Every message the shop asked to send to one number (digits), refused ones included. */
  sentTo(to: string): RecordedMessage[];
  /**
   * Numbers (digits) whose 24-hour customer-service window is closed: Meta refuses every message to
   * them but a template, with error 131047 ("Re-engagement message"). Every other number is taken as
   * having written lately.
   */
  windowClosed: Set<string>;
  close(): Promise<void>;
}

const VERSION = 'v21.0';
const isText = (value: unknown, min: number, max: number) => typeof value === 'string' && [...value].length >= min && [...value].length <= max;
const isHttpUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);

function onlyKeys(where: string, value: Record<string, unknown>, allowed: string[], problems: string[]) {
  for (const key of Object.keys(value)) if (!allowed.includes(key)) problems.push(`${where}: unknown field "${key}"`);
}

function checkHeader(header: any, allowImage: boolean, problems: string[]) {
  if (header === undefined) return;
  if (header?.type === 'text') {
    if (!isText(header.text, 1, 60)) problems.push('header.text: 1 to 60 characters');
  } else if (header?.type === 'image' && allowImage) {
    if (!isHttpUrl(header.image?.link)) problems.push('header.image.link: an http(s) URL');
  } else problems.push(`header.type "${header?.type}" is not allowed here`);
}

function checkList(interactive: any, problems: string[]) {
  checkHeader(interactive.header, false, problems);
  const action = interactive.action ?? {};
  if (!isText(action.button, 1, 20)) problems.push('action.button: 1 to 20 characters');
  const sections = Array.isArray(action.sections) ? action.sections : [];
  if (sections.length < 1 || sections.length > 10) problems.push('action.sections: 1 to 10');
  if (sections.length > 1 && sections.some((section: any) => !isText(section.title, 1, 24))) problems.push('section.title: required with several sections, at most 24');
  const rows = sections.flatMap((section: any) => (Array.isArray(section.rows) ? section.rows : []));
  if (rows.length < 1 || rows.length > 10) problems.push(`rows: 1 to 10 in all (got ${rows.length})`);
  const ids = new Set<string>();
  for (const row of rows) {
    onlyKeys('row', row, ['id', 'title', 'description'], problems);
    if (!isText(row.id, 1, 200)) problems.push(`row.id "${row.id}": 1 to 200 characters`);
    if (ids.has(row.id)) problems.push(`row.id "${row.id}" is not unique`);
    ids.add(row.id);
    if (!isText(row.title, 1, 24)) problems.push(`row.title "${row.title}": 1 to 24 characters`);
    if (row.description !== undefined && !isText(row.description, 1, 72)) problems.push(`row.description "${row.description}": at most 72 characters`);
  }
}

function checkButtons(interactive: any, problems: string[]) {
  checkHeader(interactive.header, true, problems);
  const buttons = Array.isArray(interactive.action?.buttons) ? interactive.action.buttons : [];
  if (buttons.length < 1 || buttons.length > 3) problems.push(`action.buttons: 1 to 3 (got ${buttons.length})`);
  const ids = new Set<string>();
  const titles = new Set<string>();
  for (const button of buttons) {
    if (button.type !== 'reply') problems.push('button.type must be "reply"');
    if (!isText(button.reply?.id, 1, 256)) problems.push('button.reply.id: 1 to 256 characters');
    if (!isText(button.reply?.title, 1, 20)) problems.push(`button.reply.title "${button.reply?.title}": 1 to 20 characters`);
    if (ids.has(button.reply?.id) || titles.has(button.reply?.title)) problems.push('button ids and titles must be unique');
    ids.add(button.reply?.id);
    titles.add(button.reply?.title);
  }
}

/** Every problem Meta would refuse the message for; empty when it would be sent. */
export function messageProblems(body: any): string[] {
  const problems: string[] = [];
  if (typeof body !== 'object' || body === null) return ['the body is not a JSON object'];
  onlyKeys('message', body, ['messaging_product', 'recipient_type', 'to', 'type', 'text', 'interactive'], problems);
  if (body.messaging_product !== 'whatsapp') problems.push('messaging_product must be "whatsapp"');
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual') problems.push('recipient_type must be "individual"');
  if (typeof body.to !== 'string' || !/^\+?\d{6,20}$/.test(body.to)) problems.push('to: a phone number');
  if (body.type === 'text') {
    if (!isText(body.text?.body, 1, 4096)) problems.push('text.body: 1 to 4096 characters');
  } else if (body.type === 'interactive') {
    const interactive = body.interactive ?? {};
    if (!isText(interactive.body?.text, 1, 1024)) problems.push('interactive.body.text: 1 to 1024 characters');
    if (interactive.footer !== undefined && !isText(interactive.footer?.text, 1, 60)) problems.push('interactive.footer.text: 1 to 60 characters');
    if (interactive.type === 'list') checkList(interactive, problems);
    else if (interactive.type === 'button') checkButtons(interactive, problems);
    else problems.push(`interactive.type "${interactive.type}" is not list or button`);
  } else problems.push(`type "${body.type}" is not text or interactive`);
  return problems;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGraphApi(): Promise<FakeGraphApi> {
  const accessToken = 'fake-graph-access-token-0123456789';
  const phoneNumberId = '109876543210987';
  const received: RecordedMessage[] = [];
  const windowClosed = new Set<string>();
  let sent = 0;
  const server: Server = createServer(async (request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const graphError = (status: number, code: number, message: string) => reply(status, { error: { message, type: 'OAuthException', code } });
    if (request.method !== 'POST' || request.url !== `/${VERSION}/${phoneNumberId}/messages`) return graphError(404, 803, 'Unknown path');
    if (request.headers.authorization !== `Bearer ${accessToken}`) return graphError(401, 190, 'Invalid OAuth access token');
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return graphError(400, 100, 'Content-Type must be JSON');
    let body: any;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      return graphError(400, 100, 'Malformed JSON');
    }
    const problems = messageProblems(body);
    if (!problems.length && body.type !== 'template' && windowClosed.has(String(body.to).replace(/^\+/, ''))) {
      problems.push('outside the 24-hour customer-service window: only a template may be sent');
      received.push({ to: String(body?.to ?? ''), body, accepted: false, problems });
      return graphError(400, 131047, 'Re-engagement message');
    }
    received.push({ to: String(body?.to ?? ''), body, accepted: !problems.length, problems });
    if (problems.length) return graphError(400, 100, `(#100) Invalid parameter: ${problems.join('; ')}`);
    sent += 1;
    reply(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: String(body.to).replace(/^\+/, '') }], messages: [{ id: `wamid.fake${sent}` }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${VERSION}`,
    accessToken,
    phoneNumberId,
    received,
    windowClosed,
    sentTo: (to) => received.filter((message) => message.to.replace(/^\+/, '') === to.replace(/^\+/, '')),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The environment that points the shop's WhatsApp channel at this fake. */
export function whatsappEnv(fake: FakeGraphApi, appSecret: string, verifyToken: string): Record<string, string> {
  return {
    WHATSAPP_ACCESS_TOKEN: fake.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: verifyToken,
    WHATSAPP_GRAPH_URL: fake.url,
  };
}
