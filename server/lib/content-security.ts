// The storefront's Content-Security-Policy. Scripts run only from our own origin, plus the inline
// scripts the build itself wrote into index.html, each allowed by its hash (never 'unsafe-inline'),
// so an injected <script> or a script from elsewhere does not run. No other site may frame the shop.
import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source for each inline script in a page, as the browser hashes it: 'sha256-<base64>'. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) => `'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`);
}

/**
 * The policy for a storefront page, given the page's HTML (its inline scripts are allowed by hash)
 * and where pictures are served from when that is not this origin (PUBLIC_BASE_URL).
 */
export function storefrontPolicy(html: string, publicBaseUrl?: string): string {
  const imageOrigin = publicBaseUrl ? ` ${new URL(publicBaseUrl).origin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    // React sets style attributes and index.html paints its splash from an inline <style>.
    "style-src 'self' 'unsafe-inline'",
    // blob: for the console's preview of a picture before it is uploaded; data: for inline icons.
    `img-src 'self' data: blob:${imageOrigin}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of /api/docs, a page the server draws with no script and one inline style: nothing may
 * load or run but that style, so the reference stays readable offline and nothing injected runs.
 */
export const API_DOCS_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
