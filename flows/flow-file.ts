// Reads a flow: a plain-text conversation script a tester can write without programming.
//
//   title: Find tomatoes with a typo          what the flow shows
//   channels: ussd, chat, whatsapp            played once on each channel named
//   account: web                              a web account with the flow's phone exists (chat uses it)
//   dial                                      start a conversation (a new USSD session, a new chat)
//   > tomatos                                 what the shopper sends
//   < contains: Tomatoes                      the reply must contain this text
//   < not: Error                              ...and must not contain this
//   < continues  /  < ends                    whether the conversation goes on
//   capture order = Order (\w{8})             keep what the brackets match, reuse it as {order}
//   web GET /api/cart                         call the web API as the flow's account; check it like a reply
//   approve on phone  /  decline on phone     the shopper answers MTN MoMo's PIN prompt (a local fake of
//                                             MTN, in-process only): approve pays, decline fails the request
//   mtn is down                               MTN MoMo answers the next payment request with a 500
//   web POST /api/baskets {"weekday": 2}       ...with a JSON body ({name} places filled in)
//   clock 2026-11-24 13:59                    the shop's clock, Kigali time (in-process runs only)
//   stock eggs-tray 3                         staff count the product: 3 left to sell (in-process runs only)
//   rider picks up {order}                    staff pack the order and give it to a rider, who picks it up:
//                                             the order is on its way and the shopper has their code
//                                             (in-process runs only)
//   [ussd] > 1                                a line for one channel only
//   [ussd, whatsapp] > 1                      ...or for some channels
//   # a comment
//
// {phone} is the flow's phone number (+2507...), {local-phone} the same as 07...
import { CONVERSATION_CHANNELS, type ChannelName } from '../server/conversation/types';

export type Channel = ChannelName;

export type Step =
  | { kind: 'dial' }
  | { kind: 'send'; text: string }
  | { kind: 'contains'; text: string }
  | { kind: 'not'; text: string }
  | { kind: 'continues' }
  | { kind: 'ends' }
  | { kind: 'capture'; name: string; pattern: string }
  | { kind: 'web'; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: string }
  | { kind: 'phone'; answer: 'approve' | 'decline' }
  | { kind: 'mtn-down' }
  | { kind: 'clock'; at: Date }
  | { kind: 'stock'; productId: string; left: number }
  | { kind: 'fees'; body: string }
  /** A packer records the order (its 8-character number, a captured {var} allowed) as PUT /api/admin/orders/{id}/packing would. */
  | { kind: 'pack'; order: string; body: string }
  | { kind: 'pick-up'; order: string };

export interface FlowLine {
  line: number;
  source: string;
  /** The channels this line is played on; every channel when absent. */
  only?: Channel[];
  step: Step;
}

export interface Flow {
  file: string;
  title: string;
  channels: Channel[];
  account: 'none' | 'web';
  lines: FlowLine[];
}

export class FlowSyntaxError extends Error {}

const CHANNELS: readonly Channel[] = CONVERSATION_CHANNELS;

function readChannels(value: string, where: string): Channel[] {
  const names = value.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((name) => !CHANNELS.includes(name as Channel));
  if (!names.length || unknown.length) throw new FlowSyntaxError(`${where}: channels are ussd, chat and whatsapp`);
  return names as Channel[];
}

function readStep(text: string, where: string): Step {
  if (text === 'dial' || text === 'open') return { kind: 'dial' };
  if (text === '>' || text.startsWith('> ')) return { kind: 'send', text: text.slice(2) };
  if (text.startsWith('<')) {
    const check = text.slice(1).trim();
    if (check === 'continues') return { kind: 'continues' };
    if (check === 'ends') return { kind: 'ends' };
    const match = /^(contains|not):\s?(.*)$/.exec(check);
    if (match && match[2]) return { kind: match[1] as 'contains' | 'not', text: match[2] };
    throw new FlowSyntaxError(`${where}: after "<" write "contains: ...", "not: ...", "continues" or "ends"`);
  }
  const capture = /^capture\s+([\w-]+)\s*=\s*(.+)$/.exec(text);
  if (capture) {
    try {
      new RegExp(capture[2]);
    } catch {
      throw new FlowSyntaxError(`${where}: the capture pattern is not a valid regular expression`);
    }
    return { kind: 'capture', name: capture[1], pattern: capture[2] };
  }
  const phone = /^(approve|decline) on phone$/.exec(text);
  if (phone) return { kind: 'phone', answer: phone[1] as 'approve' | 'decline' };
  if (text === 'mtn is down') return { kind: 'mtn-down' };
  const web = /^web\s+(GET|POST|PUT|DELETE)\s+(\/\S*)(?:\s+(\{.*\}))?$/i.exec(text);
  if (web) return { kind: 'web', method: web[1].toUpperCase() as 'GET', path: web[2], ...(web[3] ? { body: web[3] } : {}) };
  const clock = /^clock\s+(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(text);
  if (clock) {
    const at = new Date(`${clock[1]}T${clock[2]}:00+02:00`);
    if (Number.isNaN(at.getTime())) throw new FlowSyntaxError(`${where}: the clock is a Kigali time like 2026-11-24 13:59`);
    return { kind: 'clock', at };
  }
  const pack = /^pack\s+(\S+)\s+(\{.*\})$/.exec(text);
  if (pack) return { kind: 'pack', order: pack[1], body: pack[2] };
  const fees = /^fees\s+(\{.*\})$/.exec(text);
  if (fees) return { kind: 'fees', body: fees[1] };
  const pickUp = /^rider picks up\s+(\S+)$/.exec(text);
  if (pickUp) return { kind: 'pick-up', order: pickUp[1] };
  const stock = /^stock\s+([\w-]+)\s+(\d+(?:\.\d+)?)$/.exec(text);
  if (stock) return { kind: 'stock', productId: stock[1], left: Number(stock[2]) };
  throw new FlowSyntaxError(`${where}: cannot read "${text}"`);
}

export function parseFlow(file: string, source: string): Flow {
  const flow: Flow = { file, title: file, channels: ['ussd'], account: 'none', lines: [] };
  source.split(/\r?\n/).forEach((raw, index) => {
    const where = `${file}:${index + 1}`;
    let text = raw.trim();
    if (!text || text.startsWith('#')) return;
    const header = /^(title|channel|channels|account|phone):\s*(.*)$/i.exec(text);
    if (header && !flow.lines.length) {
      const [, key, value] = header;
      const name = key.toLowerCase();
      if (name === 'title') flow.title = value;
      else if (name === 'channel' || name === 'channels') flow.channels = readChannels(value, where);
      else if (name === 'account') {
        if (value !== 'web' && value !== 'none') throw new FlowSyntaxError(`${where}: account is "web" or "none"`);
        flow.account = value;
      } else if (value !== 'new') throw new FlowSyntaxError(`${where}: phone is always "new" (a fresh number per run)`);
      return;
    }
    let only: Channel[] | undefined;
    const prefix = /^\[([a-z, ]+)\]\s*(.*)$/i.exec(text);
    if (prefix) {
      only = readChannels(prefix[1], where);
      text = prefix[2];
    }
    flow.lines.push({ line: index + 1, source: raw.trim(), only, step: readStep(text, where) });
  });
  if (!flow.lines.some((line) => line.step.kind === 'dial')) throw new FlowSyntaxError(`${file}: a flow starts with "dial"`);
  return flow;
}
