// E-mail over SMTP with nodemailer: one message to one address, as plain text with a short HTML
// part made from the same text (every character escaped; no images, no links it did not have, no
// tracking). A new connection per message: a shop sends a few an hour, and nothing stays open at
// shutdown. Built from nodemailer's and SMTP's documentation and tested against a local SMTP server
// (smtp-server, from the nodemailer project); never tried against a live mail provider here.
import { createTransport } from 'nodemailer';

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://, usually port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
  /** The From header: an address, or a name and <address>. */
  from: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface EmailSender {
  /** Resolves with the message's id once the server accepted it; throws EmailRefused otherwise. */
  send(message: OutgoingEmail): Promise<{ messageId: string }>;
}

/** A refusal that says what went wrong without the message's text (it may hold a code). */
export class EmailRefused extends Error {
  override name = 'EmailRefused';
}

/** Each step of a send gives up after this long, so a claimed message is never held past its lease. */
const TIME_LIMIT_MS = 10_000;
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

/** The HTML part: the text's paragraphs and line breaks, every character of it escaped. */
export function htmlOf(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
  return `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.4">\n${paragraphs}\n</body></html>\n`;
}

/** An address in a server's reply, shortened as the log shortens recipients (a…@example.rw). */
const maskAddresses = (text: string) => text.replace(/([^\s<>"':;,]+)@([^\s<>"';,]+)/g, (_, local: string, domain: string) => `${local[0]}…@${domain}`);

interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

function refusal(error: unknown): EmailRefused {
  const failure = (error ?? {}) as SmtpFailure;
  const said = maskAddresses((failure.response ?? failure.message ?? String(error)).trim()).slice(0, 300);
  if (failure.code === 'EAUTH') return new EmailRefused(`SMTP server refused the login: ${said}`);
  if (failure.responseCode) return new EmailRefused(`SMTP server refused the message: ${said}`);
  return new EmailRefused(`SMTP server unreachable: ${said}`);
}

export function smtpEmail(settings: SmtpSettings): EmailSender {
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    // The password never crosses a network in the clear: a server other than this machine's own
    // relay must offer STARTTLS, or nothing is sent.
    requireTLS: !settings.secure && !LOOPBACK_HOSTS.has(settings.host),
    auth: settings.user ? { user: settings.user, pass: settings.pass } : undefined,
    connectionTimeout: TIME_LIMIT_MS,
    greetingTimeout: TIME_LIMIT_MS,
    socketTimeout: TIME_LIMIT_MS,
    dnsTimeout: TIME_LIMIT_MS,
  });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: settings.from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: htmlOf(message.text),
          // RFC 3834: written by a program, so auto-responders do not answer it.
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        if (info.rejected.length) throw { responseCode: 550, response: `recipient refused: ${info.rejected.join(', ')}` } satisfies SmtpFailure;
        return { messageId: info.messageId };
      } catch (error) {
        throw refusal(error);
      }
    },
  };
}
