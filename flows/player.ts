// Plays a flow against the shop over HTTP: in-process (app.request) or a running server (fetch).
// On WhatsApp the player is Meta: it posts signed webhook deliveries and reads the shop's replies
// from the fake Graph API they were sent to.
import { createHmac, randomBytes } from 'node:crypto';
import type { Channel, Flow, FlowLine } from './flow-file';

/** Sends one HTTP request to the shop; in-process it is app.request, against a server it is fetch. */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;

/** What the WhatsApp channel needs: the app secret to sign deliveries, and the messages the shop sent. */
export interface WhatsAppHarness {
  appSecret: string;
  /** Every message the Graph API was asked to send to this number (digits), refused ones included. */
  sentTo(to: string): { body: Record<string, any>; accepted: boolean; problems: string[] }[];
}

export interface PlayOptions {
  transport: Transport;
  /** The USSD shared secret the server expects, if it has one. */
  ussdSecret?: string;
  whatsapp?: WhatsAppHarness;
  /** The latest one-time code the shop sent to a phone by SMS (the outbox), as the shopper reads it. */
  readSmsCode?: (phone: string) => Promise<string | undefined>;
  /**
   * Resolves once the shop has done what it does after answering (a MoMo request after a USSD
   * session ends): the shopper's next dial or web visit comes later than the reply.
   */
  settled?: () => Promise<void>;
  /** MTN MoMo (a local fake): the shopper approves or declines the PIN prompt on this phone; a reason when nothing was asked. */
  momo?: { answer(phone: string, answer: 'approve' | 'decline'): Promise<string | undefined>; down(): void };
  /** Sets the shop's clock (undefined: the real time again); only an in-process shop has one to set. */
  setClock?: (at: Date | undefined) => void;
  /** Staff count a product: this many left to sell (in-process only); a reason when it cannot be done. */
  setStock?: (productId: string, left: number) => Promise<string | undefined>;
  /** Staff set the delivery fee (PUT /api/admin/delivery/fees's body) in-process; a reason when it cannot be done. */
  setFees?: (body: string) => Promise<string | undefined>;
  /** A packer records an order by its number (the packing call's body) in-process; a reason when it cannot be done. */
  pack?: (orderNumber: string, body: string) => Promise<string | undefined>;
  /** Staff pack the order (its number or id) and give it to a rider, who picks it up (in-process only); a reason when it cannot be done. */
  pickUp?: (order: string) => Promise<string | undefined>;
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
  /** The last WhatsApp message received, to tap its rows and buttons by id. */
  whatsappLast?: Record<string, any>;
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
  await verifyPhone(options, player);
}

/** The number ties the web account to USSD only once its SMS code is entered, as a shopper would. */
async function verifyPhone(options: PlayOptions, player: Player): Promise<void> {
  if (!options.readSmsCode) throw new Error('cannot read the SMS code to verify the phone number (no outbox to read)');
  const code = await options.readSmsCode(player.phone);
  if (!code) throw new Error(`no SMS code was sent to ${player.phone}`);
  const response = await options.transport('/api/user/verifyPhone', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.token}` },
    body: JSON.stringify({ code }),
  });
  if (response.status !== 200) throw new Error(`could not verify the phone number (${response.status})`);
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

const WHATSAPP_REPLY_WAIT_MS = 10_000;

/** The choices (id and title) of a WhatsApp message: list rows or reply buttons. */
function whatsappChoices(message: Record<string, any> | undefined): { id: string; title: string; description?: string }[] {
  const interactive = message?.interactive;
  if (!interactive) return [];
  if (interactive.type === 'list') return interactive.action.sections.flatMap((section: any) => section.rows);
  return interactive.action.buttons.map((button: any) => button.reply);
}

/** A WhatsApp message as the shopper reads it: the text, each list row's title and description, [buttons]. */
function whatsappTranscript(message: Record<string, any>): string {
  if (message.type === 'text') return message.text.body;
  const { interactive } = message;
  const lines: string[] = [];
  if (interactive.header?.type === 'image') lines.push(`(picture ${interactive.header.image.link})`);
  lines.push(interactive.body.text);
  if (interactive.type === 'list') {
    for (const row of whatsappChoices(message)) lines.push(row.description ? `${row.title} ${row.description}` : row.title);
    lines.push(`[${interactive.action.button}]`);
  } else for (const button of whatsappChoices(message)) lines.push(`[${button.title}]`);
  return lines.join('\n');
}

/** The webhook delivery Meta would post for this shopper's message: a tap on a shown choice, or text. */
function whatsappDelivery(player: Player, text: string): object {
  const from = player.phone.slice(1);
  const choice = whatsappChoices(player.whatsappLast).find((candidate) => candidate.id === text);
  const id = `wamid.flow${randomBytes(8).toString('hex')}`;
  const base = { from, id, timestamp: String(Math.floor(Date.now() / 1000)) };
  const list = player.whatsappLast?.interactive?.type === 'list';
  const message = choice
    ? { ...base, type: 'interactive', interactive: list ? { type: 'list_reply', list_reply: { id: choice.id, title: choice.title } } : { type: 'button_reply', button_reply: { id: choice.id, title: choice.title } } }
    : { ...base, type: 'text', text: { body: text } };
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000001',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '250780000000', phone_number_id: '109876543210987' },
              contacts: [{ profile: { name: 'Flow Shopper' }, wa_id: from }],
              messages: [message],
            },
          },
        ],
      },
    ],
  };
}

async function sendWhatsApp(options: PlayOptions, player: Player, text: string | null): Promise<string | undefined> {
  const harness = options.whatsapp;
  if (!harness) return 'the WhatsApp channel is not set up for this run';
  // WhatsApp has no dial: a shopper opens the menu by saying hi.
  const typed = text ?? 'hi';
  if (!typed.trim()) return 'a WhatsApp message cannot be empty (limit this line to [ussd])';
  const to = player.phone.slice(1);
  const before = harness.sentTo(to).length;
  const raw = JSON.stringify(whatsappDelivery(player, typed));
  const signature = `sha256=${createHmac('sha256', harness.appSecret).update(raw).digest('hex')}`;
  const response = await options.transport('/whatsapp/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
    body: raw,
  });
  if (response.status !== 200) return `HTTP ${response.status} from the webhook`;
  const deadline = Date.now() + WHATSAPP_REPLY_WAIT_MS;
  while (harness.sentTo(to).length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const fresh = harness.sentTo(to).slice(before);
  if (!fresh.length) return 'no WhatsApp reply was sent';
  if (fresh.length > 1) return `${fresh.length} WhatsApp replies to one message (expected 1)`;
  const [message] = fresh;
  player.whatsappLast = message.body;
  player.reply = whatsappTranscript(message.body);
  player.ended = whatsappChoices(message.body).some((choice) => choice.id === 'start');
  return message.accepted ? undefined : `the Graph API refused the reply: ${message.problems.join('; ')}`;
}

async function callWeb(options: PlayOptions, player: Player, method: string, path: string, body?: string): Promise<string | undefined> {
  const headers: Record<string, string> = {};
  if (player.token) headers.Authorization = `Bearer ${player.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await options.transport(path, { method, headers, ...(body !== undefined ? { body } : {}) });
  player.reply = await response.text();
  return response.ok ? undefined : `HTTP ${response.status}`;
}

async function playLine(options: PlayOptions, channel: Channel, player: Player, line: FlowLine): Promise<string | undefined> {
  const { step } = line;
  const send = { ussd: sendUssd, chat: sendChat, whatsapp: sendWhatsApp }[channel];
  if ((step.kind === 'dial' || step.kind === 'web') && options.settled) await options.settled();
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
      return callWeb(options, player, step.method, fill(step.path, player), step.body === undefined ? undefined : fill(step.body, player));
    case 'phone':
      if (!options.momo) return 'MTN MoMo is not set up for this run (MoMo steps play in-process only)';
      return options.momo.answer(player.phone, step.answer);
    case 'mtn-down':
      if (!options.momo) return 'MTN MoMo is not set up for this run (MoMo steps play in-process only)';
      options.momo.down();
      return undefined;
    case 'clock':
      if (!options.setClock) return "this shop's clock cannot be set (a flow with a clock plays in-process)";
      options.setClock(step.at);
      return undefined;
    case 'stock':
      if (!options.setStock) return "this shop's stock cannot be counted here (a flow with a stock count plays in-process)";
      return options.setStock(step.productId, step.left);
    case 'fees':
      if (!options.setFees) return "this shop's delivery fee cannot be set here (a flow with fees plays in-process)";
      return options.setFees(step.body);
    case 'pack':
      if (!options.pack) return 'orders cannot be packed here (a flow that packs plays in-process)';
      return options.pack(fill(step.order, player), step.body);
    case 'pick-up':
      if (!options.pickUp) return 'no rider can pick the order up here (a flow with a rider plays in-process)';
      return options.pickUp(fill(step.order, player));
  }
}

/** Plays one flow on one channel with a fresh phone number; every failed step is reported. */
export async function playFlow(flow: Flow, channel: Channel, options: PlayOptions): Promise<FlowResult> {
  const player: Player = { phone: freshPhone(), ussdText: '', reply: '', ended: false, vars: {} };
  const failures: StepFailure[] = [];
  if (flow.account === 'web') await createWebAccount(options, player);
  for (const line of flow.lines) {
    if (line.only && !line.only.includes(channel)) continue;
    let reason: string | undefined;
    try {
      reason = await playLine(options, channel, player, line);
    } catch (error) {
      reason = `could not send: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (reason) failures.push({ line: line.line, source: line.source, reason, reply: player.reply });
  }
  options.setClock?.(undefined);
  return { flow, channel, failures };
}
