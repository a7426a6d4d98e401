// The splash both pages (index.html, admin.html) paint before any script arrives, so a slow phone shows
// something at once; React replaces it. Written once, here, and put into each page where it says
// <!-- boot-splash: Its words... --> by `vite build` and the dev server. Inline in each page's HTML
// rather than a shared stylesheet: a file would be one more request before the storefront's first
// paint. No script either, so the Content-Security-Policy's hashes of the pages' inline scripts
// (server/lib/content-security.ts) are untouched.
import type { Plugin } from 'vite';

const STYLE = `
      /* Painted before any script arrives, so a slow phone shows something at once. React replaces it. */
      .boot-splash {
        position: fixed;
        inset: 0;
        display: flex;
        flex-direction: column;
        align-items: center;
        justify-content: center;
        gap: 16px;
        background: #f7faf7;
        color: #14532d;
        font: 600 1.1rem system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
      }
      .boot-splash-ring {
        width: 40px;
        height: 40px;
        border: 4px solid rgb(21 128 61 / 0.25);
        border-top-color: #15803d;
        border-radius: 50%;
        animation: boot-spin 0.8s linear infinite;
      }
      @keyframes boot-spin {
        to {
          transform: rotate(360deg);
        }
      }
`;

const MARKER = /<!--\s*boot-splash:\s*([^<>]*?)\s*-->/;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const splash = (words: string) => `
      <div class="boot-splash" role="status">
        <div class="boot-splash-ring" aria-hidden="true"></div>
        <p>${escapeHtml(words)}</p>
      </div>
    `;

/** The page with its splash and the splash's style in place of its marker; a page without one as it is. */
export function withBootSplash(html: string): string {
  const marker = MARKER.exec(html);
  if (!marker) return html;
  return html.replace(MARKER, splash(marker[1])).replace('</head>', `  <style>${STYLE}    </style>\n  </head>`);
}

export function bootSplash(): Plugin {
  return {
    name: 'isoko-boot-splash',
    transformIndexHtml: { order: 'pre', handler: withBootSplash },
  };
}
