import { readFileSync, writeFileSync } from 'node:fs';
import type { CatalogType } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
const po = formatter({ lineNumbers: false });
const unescape = (s: string) => s.replace(/\\"/g, '"');
const tr = new Map<string, { rw: string; fr: string; sure: boolean }>();
for (const line of readFileSync('/tmp/sf/tr.tsv', 'utf8').split('\n').filter(Boolean)) {
  const [e, r, f] = line.split('\t');
  tr.set(unescape(e), { rw: unescape(r.replace(/^=/, '')), fr: unescape(f), sure: r.startsWith('=') });
}
for (const language of ['rw', 'fr'] as const) {
  for (const name of ['shell', 'pages']) {
    const file = `web/src/locales/${language}/${name}.po`;
    const existing = readFileSync(file, 'utf8');
    const ctx = { locale: language, sourceLocale: 'en', filename: file, existing };
    const catalog = (await po.parse(existing, ctx)) as CatalogType;
    for (const [id, entry] of Object.entries(catalog)) {
      if (entry.translation) continue;
      const english = entry.message ?? id;
      const t = tr.get(english);
      if (!t) { console.log('missing', english); continue; }
      entry.translation = t[language];
      const comments = ((entry.extra?.translatorComments as string[] | undefined) ?? []).filter((c) => c !== 'REVIEW');
      if (language === 'rw' && !t.sure) comments.push('REVIEW');
      entry.extra = { ...entry.extra, translatorComments: comments };
    }
    writeFileSync(file, await po.serialize(catalog, ctx));
  }
}
