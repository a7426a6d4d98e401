// The notifier's WhatsApp channel (lib/notifier.ts): a message the shop starts (an order packed, a
// substitute to accept or refuse) as one Cloud API message, plain text or text with reply buttons
// (at most three, titles of at most 20 characters, ids of at most 256: Meta's documentation of the
// messages endpoint). Meta refuses a free-form message outside the 24-hour customer-service window,
// so callers send only to a number that wrote within it (docs/conversation.md); a refusal is an
// error the outbox records.
import type { WhatsAppNotice, WhatsAppSender } from '../../lib/notifier';
import { sendWhatsAppMessage, type GraphSettings } from './graph-client';
import { WHATSAPP_LIMITS, type WhatsAppContent } from './render-whatsapp';

const cut = (text: string, max: number) => ([...text].length <= max ? text : `${[...text].slice(0, max - 1).join('').trimEnd()}.`);

/** The Cloud API message for a notice: reply buttons when it has any, else text. */
export function noticeContent(notice: WhatsAppNotice): WhatsAppContent {
  const buttons = notice.buttons.slice(0, WHATSAPP_LIMITS.replyButtons).filter((button) => button.id.length <= WHATSAPP_LIMITS.buttonId);
  if (!buttons.length) return { type: 'text', text: { body: cut(notice.text, WHATSAPP_LIMITS.textBody) } };
  return {
    type: 'interactive',
    interactive: {
      type: 'button',
      body: { text: cut(notice.text, WHATSAPP_LIMITS.bodyText) },
      action: { buttons: buttons.map((button) => ({ type: 'reply' as const, reply: { id: button.id, title: cut(button.title, WHATSAPP_LIMITS.buttonTitle) } })) },
    },
  };
}

/** A number as the Cloud API takes it: digits, country code first. */
const waNumber = (phone: string) => phone.replace(/\D/g, '');

export function whatsappSender(settings: GraphSettings): WhatsAppSender {
  return {
    async send(to, notice) {
      return { messageId: await sendWhatsAppMessage(settings, waNumber(to), noticeContent(notice)) };
    },
  };
}
