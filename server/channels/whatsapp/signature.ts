// Meta signs every webhook delivery: X-Hub-Signature-256 is "sha256=" and the hex HMAC-SHA256 of
// the raw body, keyed with the app secret. Checked on the exact bytes received, before parsing.
import { createHmac } from 'node:crypto';
import { sameSecret } from '../../lib/secrets';

export const SIGNATURE_HEADER = 'X-Hub-Signature-256';

export function signBody(rawBody: Uint8Array | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function hasValidSignature(rawBody: Uint8Array, header: string | undefined, appSecret: string): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/i.test(header.trim())) return false;
  return sameSecret(header.trim().toLowerCase(), signBody(rawBody, appSecret));
}
