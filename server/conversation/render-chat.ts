// A reply as chat: message bubbles plus quick-reply buttons. The button's key is what the widget
// sends back (the same keys the USSD menu numbers), its label the option's words.
import type { ListRow, Reply } from './types';

export const CHAT_MAX_OPTIONS = 10;
export const CHAT_LABEL_MAX = 24;

export interface ChatOption {
  key: string;
  label: string;
}

export interface ChatReply {
  messages: { text: string }[];
  options: ChatOption[];
  end: boolean;
}

export function chatLabel(label: string): string {
  return label.length <= CHAT_LABEL_MAX ? label : `${label.slice(0, CHAT_LABEL_MAX - 1).trimEnd()}.`;
}

const rowText = (row: ListRow) => (row.detail ? `${row.label} ${row.detail}` : row.label);

export function renderChat(reply: Reply): ChatReply {
  const messages: { text: string }[] = [];
  const note = reply.error ?? reply.notice;
  if (note) messages.push({ text: note });
  const body = [reply.title, ...reply.lines, ...(reply.hint ? [reply.hint] : []), ...reply.list.map(rowText), ...(reply.prompt ? [reply.prompt] : [])];
  messages.push({ text: body.join('\n') });
  const options: ChatOption[] = [
    ...reply.list.flatMap((row) => (row.key ? [{ key: row.key, label: chatLabel(row.label) }] : [])),
    ...reply.options.map((option) => ({ key: option.key, label: chatLabel(option.label) })),
  ];
  return { messages, options: options.slice(0, CHAT_MAX_OPTIONS), end: reply.end };
}

/** Chat lets a shopper type a button's words ("Back", "My cart") instead of tapping it. */
export function keyForTypedLabel(reply: Reply | undefined, text: string): string {
  if (!reply) return text;
  const wanted = text.trim().toLowerCase();
  const rendered = renderChat(reply);
  const match = rendered.options.find((option) => option.label.toLowerCase() === wanted);
  return match ? match.key : text;
}
