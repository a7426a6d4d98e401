// Plays a flow against the shop over HTTP: in-process (app.request) or a running server (fetch).
import { randomBytes } from 'node:crypto';
import type { Channel, Flow, FlowLine } from './flow-file';

/** Sends one HTTP request to the shop; in-process it is app.request, against a server it is fetch. */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;

export interface PlayOptions {
  transport: Transport;
  /** The USSD shared secret the server expects, if it has one. */
  ussdSecret?: string;
}

export interface StepFailure {
  line: number;
  source: string;
  reason: string;
  reply: string;
}

export interface FlowResult {
  flow: Flow;
  channel: Channel;
  failures: StepFailure[];
}

const USSD_LIMIT = 182;
const GSM_SAFE = /^[A-Za-z0-9 \n!"#$%&'()*+,\-./:;<=>?@_]*$/;

/** A number no earlier run used: +2507 then 8 random digits. */
function freshPhone(): string {
  const digits = (randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0');
  return `+2507${digits}`;
}

interface Player {
  phone: string;
  token?: string;
  ussdSessionId?: string;
  ussdText: string;
  chatSessionId?: string;
  reply: string;
  ended: boolean;
  vars: Record<string, string>;
}

function fill(text: string, player: Player): string {
  return text.replace(/\{([\w-]+)\}/g, (whole, name: string) => {
    if (name === 'phone') return player.phone;
    if (name === 'local-phone') return `0${player.phone.slice(4)}`;
    return player.vars[name] ?? whole;
  });
}

async function createWebAccount(options: PlayOptions, player: Player): Promise<void> {
  const response = await options.transport('/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    // Written the local way on purpose: the USSD caller arrives as +250..., the same shopper.
    body: JSON.stringify({
      fullName: 'Flow Shopper',
      email: `flow.${player.phone.slice(1)}@example.rw`,
      phoneNumber: `0${player.phone.slice(4)}`,
      password: 'flow-secret-1',
    }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 201 || !body.token) throw new Error(`could not make the web account (${response.status})`);
  player.token = body.token;
}

/** Checks every USSD screen against the limits, whatever the flow asks. */
function screenProblem(reply: string): string | undefined {
  if (!/^(CON|END) /.test(reply)) return 'the reply does not start with "CON " or "END "';
  const body = reply.slice(4);
  if (body.length > USSD_LIMIT) return `the screen has ${body.length} characters (at most ${USSD_LIMIT})`;
  if (!GSM_SAFE.test(body)) return 'the screen has characters outside GSM-7';
  return undefined;
}

async function sendUssd(options: PlayOptions, player: Player, text: string | null): Promise<string | undefined> {
  if (text === null) {
    player.ussdSessionId = `flow-${randomBytes(6).toString('hex')}`;
    player.ussdText = '';
  } else {
    player.ussdText = player.ussdText ? `${player.ussdText}*${text}` : text;
  }
  const form = new URLSearchParams({
    sessionId: player.ussdSessionId!,
    serviceCode: '*384*4766#',
    phoneNumber: player.phone,
    networkCode: '63510',
    text: player.ussdText,
  });
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (options.ussdSecret) headers['X-USSD-Secret'] = options.ussdSecret;
  const response = await options.transport('/ussd', { method: 'POST', headers, body: form.toString() });
  player.reply = await response.text();
  player.ended = player.reply.startsWith('END ');
  if (response.status !== 200) return `HTTP ${response.status}`;
  return screenProblem(player.reply);
}

async function sendChat(options: PlayOptions, player: Player, text: string | null): Promise<string | undefined> {
  if (text === null) player.chatSessionId = undefined;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (player.token) headers.Authorization = `Bearer ${player.token}`;
  const response = await options.transport('/api/chat', {
    method: 'POST',
    headers,
    body: JSON.stringify({ sessionId: player.chatSessionId, text: text ?? '' }),
  });
  const body = (await response.json()) as {
    sessionId: string;
    messages: { text: string }[];
    options: { key: string; label: string }[];
    end: boolean;
  };
  if (response.status !== 200) {
    player.reply = JSON.stringify(body);
    return `HTTP ${response.status}`;
  }
  player.chatSessionId = body.sessionId;
  player.ended = body.end;
  // The buttons are part of what the shopper sees: [Label] after the messages.
  player.reply = [...body.messages.map((message) => message.text), ...body.options.map((option) => `[${option.label}]`)].join('\n');
  if (body.options.length > 10) return `${body.options.length} buttons (at most 10)`;
  if (body.options.some((option) => option.label.length > 24)) return 'a button label is longer than 24 characters';
  return undefined;
}

async function callWeb(options: PlayOptions, player: Player, method: string, path: string): Promise<string | undefined> {
  const headers: Record<string, string> = {};
  if (player.token) headers.Authorization = `Bearer ${player.token}`;
  const response = await options.transport(path, { method, headers });
  player.reply = await response.text();
  return response.ok ? undefined : `HTTP ${response.status}`;
}

async function playLine(options: PlayOptions, channel: Channel, player: Player, line: FlowLine): Promise<string | undefined> {
  const { step } = line;
  const send = channel === 'ussd' ? sendUssd : sendChat;
  switch (step.kind) {
    case 'dial':
      return send(options, player, null);
    case 'send':
      return send(options, player, fill(step.text, player));
    case 'contains':
      return player.reply.includes(fill(step.text, player)) ? undefined : `expected to contain "${fill(step.text, player)}"`;
    case 'not':
      return player.reply.includes(fill(step.text, player)) ? `expected not to contain "${fill(step.text, player)}"` : undefined;
    case 'continues':
      return player.ended ? 'expected the conversation to continue, but it ended' : undefined;
    case 'ends':
      return player.ended ? undefined : 'expected the conversation to end, but it continues';
    case 'capture': {
      const match = new RegExp(step.pattern).exec(player.reply);
      if (!match) return `nothing matched /${step.pattern}/`;
      player.vars[step.name] = match[1] ?? match[0];
      return undefined;
    }
    case 'web':
      return callWeb(options, player, step.method, fill(step.path, player));
  }
}

/** Plays one flow on one channel with a fresh phone number; every failed step is reported. */
export async function playFlow(flow: Flow, channel: Channel, options: PlayOptions): Promise<FlowResult> {
  const player: Player = { phone: freshPhone(), ussdText: '', reply: '', ended: false, vars: {} };
  const failures: StepFailure[] = [];
  if (flow.account === 'web') await createWebAccount(options, player);
  for (const line of flow.lines) {
    if (line.only && line.only !== channel) continue;
    let reason: string | undefined;
    try {
      reason = await playLine(options, channel, player, line);
    } catch (error) {
      reason = `could not send: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (reason) failures.push({ line: line.line, source: line.source, reason, reply: player.reply });
  }
  return { flow, channel, failures };
}
