// One splash for both pages: index.html and admin.html name their words only, and the build puts the
// one splash (markup and style) into each, inline: no stylesheet or script to fetch before it paints,
// and the storefront's inline-script hashes (its Content-Security-Policy) stay as they were.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../server/lib/content-security';
import { withBootSplash } from '../../web/boot-splash';

const page = (name: string) => readFileSync(new URL(`../../web/${name}`, import.meta.url), 'utf8');
const splashStyle = (html: string) => /<style>([\s\S]*?\.boot-splash[\s\S]*?)<\/style>/.exec(html)?.[1];

describe('the boot splash', () => {
  it.each([
    ['index.html', 'Loading Isoko...'],
    ['admin.html', 'Loading the staff console...'],
  ])('%s paints it from its first byte, in its own words', (name, words) => {
    const source = page(name);
    // Written once: the page itself has only the marker, no copy of the splash.
    expect(source).not.toContain('boot-splash {');
    const served = withBootSplash(source);
    expect(served).toMatch(new RegExp(`<div id="root">\\s*<div class="boot-splash" role="status">\\s*<div class="boot-splash-ring" aria-hidden="true"></div>\\s*<p>${words.replace(/\./g, '\\.')}</p>`));
    expect(served.match(/<style>/g)).toHaveLength(1);
    expect(served).not.toMatch(/<link[^>]+stylesheet/);
    expect(inlineScriptHashes(served)).toEqual(inlineScriptHashes(source));
  });

  it('is the same splash on both pages', () => {
    const [storefront, staffConsole] = ['index.html', 'admin.html'].map((name) => splashStyle(withBootSplash(page(name))));
    expect(storefront).toContain('.boot-splash-ring');
    expect(staffConsole).toBe(storefront);
  });
});
