// Africa's Talking SMS (POST {host}/version1/messaging): one message to one phone number.
// Documented request: header `apiKey`, `Accept: application/json`, a form body with `username`,
// `to` (comma-separated international numbers), `message` and optionally `from` (sender id or
// short code). Answer: {SMSMessageData:{Message, Recipients:[{statusCode, number, status, cost, messageId}]}};
// statusCode 100 (Processed), 101 (Sent) and 102 (Queued) mean accepted, anything else refused.
// Built against the documentation and a local fake; never exercised against the live service here.

export const AFRICAS_TALKING_LIVE_URL = 'https://api.africastalking.com/version1/messaging';
export const AFRICAS_TALKING_SANDBOX_URL = 'https://api.sandbox.africastalking.com/version1/messaging';
const ACCEPTED_STATUS_CODES: ReadonlySet<number> = new Set([100, 101, 102]);
const TIME_LIMIT_MS = 10_000;

export interface SmsSender {
  /** Resolves with the provider's message id once the provider accepted the message; throws otherwise. */
  send(to: string, message: string): Promise<{ messageId: string }>;
}

export interface AfricasTalkingSmsOptions {
  username: string;
  apiKey: string;
  senderId?: string;
  /** The messaging endpoint; by default the sandbox's for the username "sandbox", else the live one. */
  url?: string;
  fetch?: typeof fetch;
}

/** A refusal that says what went wrong without the message text (it may hold a code or an order). */
export class SmsRefused extends Error {
  override name = 'SmsRefused';
}

interface RecipientReply {
  statusCode?: unknown;
  status?: unknown;
  messageId?: unknown;
  number?: unknown;
}

export function messagingUrl(options: Pick<AfricasTalkingSmsOptions, 'username' | 'url'>): string {
  return options.url ?? (options.username === 'sandbox' ? AFRICAS_TALKING_SANDBOX_URL : AFRICAS_TALKING_LIVE_URL);
}

export function africasTalkingSms(options: AfricasTalkingSmsOptions): SmsSender {
  const url = messagingUrl(options);
  const doFetch = options.fetch ?? fetch;
  return {
    async send(to, message) {
      const form = new URLSearchParams({ username: options.username, to, message });
      if (options.senderId) form.set('from', options.senderId);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { apiKey: options.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(TIME_LIMIT_MS),
        });
      } catch (error) {
        throw new SmsRefused(`SMS provider unreachable: ${error instanceof Error ? error.message : String(error)}`);
      }
      const text = await response.text();
      if (!response.ok) throw new SmsRefused(`SMS provider answered HTTP ${response.status}: ${text.slice(0, 200)}`);
      let recipient: RecipientReply | undefined;
      try {
        recipient = (JSON.parse(text) as { SMSMessageData?: { Recipients?: RecipientReply[] } }).SMSMessageData?.Recipients?.[0];
      } catch {
        throw new SmsRefused('SMS provider answered with something that is not JSON');
      }
      if (!recipient) throw new SmsRefused('SMS provider accepted no recipient');
      if (!ACCEPTED_STATUS_CODES.has(Number(recipient.statusCode))) {
        throw new SmsRefused(`SMS provider refused the message: ${String(recipient.status ?? 'unknown')} (${String(recipient.statusCode)})`);
      }
      return { messageId: String(recipient.messageId ?? '') };
    },
  };
}
