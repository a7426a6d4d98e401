// /whatsapp/webhook: the WhatsApp Cloud API's webhook, mounted only when WHATSAPP_* is configured.
// GET answers Meta's verification handshake. POST takes a signed delivery: a bad or missing
// signature is a 401 and nothing is acted on; a good one is answered 200 at once (Meta retries
// slow answers) and its messages are then played through the conversation, each message id once,
// the replies sent through the Graph API in order. A tapped Yes / No under a proposed substitute
// (orders/substitute-asking.ts) is the shopper's answer, taken as the web's Accept / Refuse is, not
// a turn of the menu.
import { Hono } from 'hono';
import { conversationFor } from '../../conversation/conversation';
import { translator } from '../../conversation/i18n';
import { renderWhatsApp, whatsappFace, type WhatsAppContent } from './render-whatsapp';
import { limitBody } from '../../lib/body-limit';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { incomingMessages, type IncomingMessage } from './delivery';
import { sendWhatsAppMessage, type GraphSettings } from './graph-client';
import { hasValidSignature, SIGNATURE_HEADER } from './signature';
import { whatsappTurn } from './whatsapp-turn';
import { isFirstDelivery } from './whatsapp.service';
import { answerText } from '../sms/answer-text';
import { answerSubstituteButton } from '../../modules/orders/substitute-questions.service';

export const WHATSAPP_WEBHOOK_PATH = '/whatsapp/webhook';
/** A delivery is a few messages or statuses of JSON; the signature is checked over the bytes read within this. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export interface WhatsAppSettings extends GraphSettings {
  appSecret: string;
  verifyToken: string;
}

export function whatsappRoutes(deps: ShopDeps, settings: WhatsAppSettings) {
  const conversation = conversationFor(deps);

  async function send(to: string, content: WhatsAppContent) {
    try {
      await sendWhatsAppMessage(settings, to, content);
    } catch (error) {
      deps.log.error('whatsapp_send_failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** A substitute question's button: answered and told, true; any other message, false. */
  async function answeredSubstitute(message: IncomingMessage): Promise<boolean> {
    if (!message.chosen || !message.text) return false;
    const answer = await answerSubstituteButton(deps, `+${message.from}`, message.text);
    if (!answer) return false;
    await send(message.from, { type: 'text', text: { body: answerText(answer) } });
    return true;
  }

  async function act(message: IncomingMessage) {
    if (!(await isFirstDelivery(deps, message.id))) return;
    try {
      if (await answeredSubstitute(message)) return;
      await whatsappTurn(conversation, { phoneNumber: message.from, text: message.text ?? '', chosen: message.chosen }, whatsappFace, (reply, session) =>
        send(message.from, renderWhatsApp(reply, { language: session.language ?? 'en', publicBaseUrl: deps.config.publicBaseUrl })),
      );
    } catch (error) {
      deps.log.error('whatsapp_failed', { error: error instanceof Error ? error.stack : String(error) });
      await send(message.from, { type: 'text', text: { body: translator('en')('error.apology') } });
    }
  }

  async function actInOrder(messages: IncomingMessage[]) {
    for (const message of messages) await act(message);
  }

  return new Hono<AppEnv>()
    .get('/', (c) => {
      const mode = c.req.query('hub.mode');
      const token = c.req.query('hub.verify_token');
      const challenge = c.req.query('hub.challenge');
      if (mode !== 'subscribe' || token !== settings.verifyToken || !challenge) return c.text('Verification failed', 403);
      return c.text(challenge, 200);
    })
    .post('/', limitBody(WEBHOOK_BODY_LIMIT, (c) => c.text('Too large', 413)), async (c) => {
      const raw = new Uint8Array(await c.req.arrayBuffer());
      if (!hasValidSignature(raw, c.req.header(SIGNATURE_HEADER), settings.appSecret)) {
        deps.log.warn('whatsapp_bad_signature', {});
        return c.text('Invalid signature', 401);
      }
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(raw));
      } catch {
        return c.text('Malformed JSON', 400);
      }
      const messages = incomingMessages(body);
      if (!messages) return c.text('Not a WhatsApp delivery', 400);
      // Answer now; Meta counts a slow answer as a failure and delivers again.
      void actInOrder(messages).catch((error) => deps.log.error('whatsapp_failed', { error: String(error) }));
      return c.text('OK', 200);
    });
}
