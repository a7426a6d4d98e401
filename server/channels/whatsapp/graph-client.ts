// Sends a message through the WhatsApp Cloud API: POST {graph}/{phone-number-id}/messages with the
// access token as a Bearer header. A refusal is an error carrying Meta's message, for the log.
import type { WhatsAppContent } from './render-whatsapp';

export interface GraphSettings {
  graphUrl: string;
  phoneNumberId: string;
  accessToken: string;
}

const SEND_TIMEOUT_MS = 10_000;

export class GraphError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Sends one message to a WhatsApp number (digits, country code first); resolves to Meta's message id. */
export async function sendWhatsAppMessage(settings: GraphSettings, to: string, content: WhatsAppContent): Promise<string> {
  const response = await fetch(`${settings.graphUrl}/${settings.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${settings.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to, ...content }),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: { message?: string } };
  if (!response.ok) throw new GraphError(response.status, body.error?.message ?? `HTTP ${response.status}`);
  return body.messages?.[0]?.id ?? '';
}
