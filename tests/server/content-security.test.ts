// The storefront's Content-Security-Policy: scripts only from our origin or the
// build's own inline scripts by hash, never 'unsafe-inline'; no other site may frame the shop.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createTestShop, type TestShop } from '../support/test-app';

const INLINE = "(function(){if(location.pathname!=='/')return;})();";
const INDEX = `<!doctype html><html><head><meta charset="UTF-8" />\n<script>${INLINE}</script><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
// The staff console's page: no inline script, so its policy allows scripts from this origin only.
const ADMIN = '<!doctype html><html><head><title>Isoko Staff</title><script type="module" src="/assets/admin-abc.js"></script></head><body><div id="root"></div></body></html>';

let shop: TestShop;
let distDir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  shop = await createTestShop();
  distDir = await mkdtemp(path.join(os.tmpdir(), 'isoko-dist-'));
  await writeFile(path.join(distDir, 'index.html'), INDEX);
  await writeFile(path.join(distDir, 'admin.html'), ADMIN);
  app = createApp(shop.deps, { webDistDir: distDir });
});
afterAll(async () => {
  await shop.close();
  await rm(distDir, { recursive: true, force: true });
});

const policyOf = (response: Response) => response.headers.get('content-security-policy') ?? '';
const directive = (policy: string, name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `));

describe('Content-Security-Policy on the storefront', () => {
  it('allows the build\'s inline script by its hash and nothing inline besides', async () => {
    const hash = createHash('sha256').update(INLINE).digest('base64');
    for (const url of ['/', '/products', '/product/tomatoes', '/administrator', '/admins/orders']) {
      const response = await app.request(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(INDEX);
      const policy = policyOf(response);
      expect(directive(policy, 'script-src')).toBe(`script-src 'self' 'sha256-${hash}'`);
      expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive(policy, 'object-src')).toBe("object-src 'none'");
      expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    }
  });

  it('answers the console\'s addresses with the console\'s own page, whose policy allows no inline script', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders', '/admin/catalog/products/new?from=list']) {
      const response = await app.request(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(ADMIN);
      const policy = policyOf(response);
      expect(directive(policy, 'script-src')).toBe("script-src 'self'");
      expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    }
  });

  it('keeps nosniff and the referrer policy beside it', async () => {
    const response = await app.request('/');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('lets pictures come from PUBLIC_BASE_URL when that is another origin', async () => {
    const cdn = createApp({ ...shop.deps, config: { ...shop.deps.config, publicBaseUrl: 'https://img.isoko.rw/shop' } }, { webDistDir: distDir });
    expect(directive(policyOf(await cdn.request('/')), 'img-src')).toBe("img-src 'self' data: blob: https://img.isoko.rw");
  });

  it('leaves the JSON of /api alone', async () => {
    const response = await app.request('/api/config');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});
