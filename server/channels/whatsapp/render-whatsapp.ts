// A reply as one WhatsApp Cloud API message: an interactive list (up to ten rows: the screen's
// entries, its actions and Back/Home/More), reply buttons when three or fewer short choices fit,
// with the product's picture as the header where there is one, or plain text when nothing is to
// be chosen. Limits from Meta's documentation of the messages endpoint.
import { translator, type Language } from '../../conversation/i18n';
import type { ChannelFace, ChannelLimits, ListRow, Reply } from '../../conversation/types';
import { rasterPicture } from '../../modules/catalog/raster-picture';

export const WHATSAPP_LIMITS = {
  bodyText: 1024,
  textBody: 4096,
  listRows: 10,
  rowTitle: 24,
  rowDescription: 72,
  rowId: 200,
  listButton: 20,
  replyButtons: 3,
  buttonTitle: 20,
  buttonId: 256,
} as const;

export interface WhatsAppChoice {
  id: string;
  title: string;
  description?: string;
}

/** The message object the Graph API's messages endpoint takes, without `to` and `messaging_product`. */
export type WhatsAppContent =
  | { type: 'text'; text: { body: string; preview_url?: boolean } }
  | {
      type: 'interactive';
      interactive:
        | {
            type: 'list';
            body: { text: string };
            action: { button: string; sections: { rows: WhatsAppChoice[] }[] };
          }
        | {
            type: 'button';
            header?: { type: 'image'; image: { link: string } };
            body: { text: string };
            action: { buttons: { type: 'reply'; reply: { id: string; title: string } }[] };
          };
    };

/** Every choice the reply offers, in the order a shopper reads them. */
function choicesOf(reply: Reply): { id: string; label: string; detail?: string }[] {
  return [
    ...reply.list.flatMap((row) => (row.key ? [{ id: row.key, label: row.label, detail: row.detail }] : [])),
    ...reply.options.map((option) => ({ id: option.key, label: option.label })),
  ];
}

/** A WhatsApp page: ten products in a list, fewer when the screen's actions and Back/Home need rows too. */
export const whatsappLimits: ChannelLimits = {
  pageSize: WHATSAPP_LIMITS.listRows,
  fits: (reply) => choicesOf(reply).length <= WHATSAPP_LIMITS.listRows,
  flags: { callerIsPhone: true, holdsLine: false, smallScreen: false, choicesAreLines: false },
};

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}.`;
}

const rowText = (row: ListRow) => (row.detail ? `${row.label} ${row.detail}` : row.label);

function bodyOf(reply: Reply, max: number): string {
  const note = reply.error ?? reply.notice;
  const info = reply.list.filter((row) => !row.key).map(rowText);
  const lines = [...(note ? [note, ''] : []), reply.title, ...reply.lines, ...(reply.hint ? [reply.hint] : []), ...info, ...(reply.prompt ? [reply.prompt] : [])];
  return cut(lines.join('\n'), max);
}

/** A picture WhatsApp can show as a header: an absolute http(s) link to a JPEG or PNG (the SVG drawings' PNG). */
export function headerImage(image: string | undefined, publicBaseUrl: string | undefined): string | undefined {
  const raster = rasterPicture(image);
  if (!raster) return undefined;
  let url: URL;
  try {
    url = publicBaseUrl ? new URL(raster, `${publicBaseUrl}/`) : new URL(raster);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || !/\.(jpe?g|png)$/i.test(url.pathname)) return undefined;
  return url.toString();
}

export interface WhatsAppRenderOptions {
  language: Language;
  /** Makes the catalog's relative picture paths absolute; without it pictures are left out. */
  publicBaseUrl?: string;
}

/** The button under a finished journey's last message; tapping it opens the menu afresh. */
export const RESTART_ID = 'start';

export function renderWhatsApp(reply: Reply, options: WhatsAppRenderOptions): WhatsAppContent {
  if (reply.end) {
    const restart = { type: 'reply' as const, reply: { id: RESTART_ID, title: cut(translator(options.language)('nav.restart'), WHATSAPP_LIMITS.buttonTitle) } };
    return { type: 'interactive', interactive: { type: 'button', body: { text: bodyOf(reply, WHATSAPP_LIMITS.bodyText) }, action: { buttons: [restart] } } };
  }
  const choices = choicesOf(reply);
  if (!choices.length) return { type: 'text', text: { body: bodyOf(reply, WHATSAPP_LIMITS.textBody) } };
  const body = { text: bodyOf(reply, WHATSAPP_LIMITS.bodyText) };
  const asButtons = choices.length <= WHATSAPP_LIMITS.replyButtons && choices.every((choice) => choice.label.length <= WHATSAPP_LIMITS.buttonTitle) && !reply.list.some((row) => row.key);
  if (asButtons) {
    const image = headerImage(reply.product?.image, options.publicBaseUrl);
    return {
      type: 'interactive',
      interactive: {
        type: 'button',
        ...(image ? { header: { type: 'image' as const, image: { link: image } } } : {}),
        body,
        action: { buttons: choices.map((choice) => ({ type: 'reply' as const, reply: { id: choice.id, title: choice.label } })) },
      },
    };
  }
  const rows = choices.slice(0, WHATSAPP_LIMITS.listRows).map((choice): WhatsAppChoice => {
    const title = cut(choice.label, WHATSAPP_LIMITS.rowTitle);
    // A name cut to fit the title is given whole in the description, before the price.
    const whole = title === choice.label ? choice.detail : rowText({ label: choice.label, detail: choice.detail });
    return { id: choice.id, title, ...(whole ? { description: cut(whole, WHATSAPP_LIMITS.rowDescription) } : {}) };
  });
  return {
    type: 'interactive',
    interactive: {
      type: 'list',
      body,
      action: { button: cut(translator(options.language)('nav.choose'), WHATSAPP_LIMITS.listButton), sections: [{ rows }] },
    },
  };
}

/** What a typed reply means: a choice's id when the shopper typed its title ("Back", "My cart"), else the text. */
export function keyForTypedTitle(content: WhatsAppContent | undefined, text: string): string {
  if (!content || content.type !== 'interactive') return text;
  const wanted = text.trim().toLowerCase();
  const titled =
    content.interactive.type === 'list'
      ? content.interactive.action.sections.flatMap((section) => section.rows)
      : content.interactive.action.buttons.map((button) => button.reply);
  return titled.find((choice) => choice.title.toLowerCase() === wanted)?.id ?? text;
}

/** WhatsApp as the conversation sees it: its list limits, and a row's or button's title typed instead of tapped. */
export const whatsappFace: ChannelFace = {
  limits: whatsappLimits,
  keyFor: (lastReply, text, language) => keyForTypedTitle(renderWhatsApp(lastReply, { language }), text),
};
