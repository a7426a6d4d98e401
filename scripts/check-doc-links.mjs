// node scripts/check-doc-links.mjs [root]: every link in README.md and docs/**/*.md that points into the
// repository must lead to a file or folder that exists, and a link to a heading (#anchor) must name one
// the target Markdown file has, as GitHub spells its anchors. Links to other sites are not checked (CI
// cannot reach them). Prints each broken link as `file:line: ...` and exits 1 if there is one; run by
// `npm run lint` and early in .ci/run.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));

/** README.md and every Markdown file under docs/, as paths relative to the root. */
function documents() {
  const found = existsSync(path.join(root, 'README.md')) ? ['README.md'] : [];
  const walk = (dir) => {
    if (!existsSync(path.join(root, dir))) return;
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) found.push(relative);
    }
  };
  walk('docs');
  return found.sort();
}

/** The file's lines with fenced code blocks blanked (their links are examples) and inline code removed. */
function proseLines(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (marker && (fence === null || marker[1][0] === fence[0])) {
      fence = fence === null ? marker[1] : null;
      return '';
    }
    return fence === null ? line.replace(/(`+)[^`]*?\1/g, '') : '';
  });
}

/** Each link target on a line: inline links and images `[text](target "title")`, and `[label]: target` definitions. */
function targetsOn(line) {
  const targets = [];
  for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+["'(][^)]*)?\)/g)) targets.push(match[1]);
  const definition = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
  if (definition) targets.push(definition[1]);
  return targets.map((target) => target.replace(/^<|>$/g, ''));
}

const isExternal = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats numbered -1, -2...) and HTML ids. */
function anchorsOf(file) {
  const anchors = new Set();
  const seen = new Map();
  const add = (slug) => {
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  };
  let fence = null;
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (marker && (fence === null || marker[1][0] === fence[0])) {
      fence = fence === null ? marker[1] : null;
      return;
    }
    if (fence !== null) return;
    const atx = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (atx) add(slugOf(atx[1]));
    else if (/^\s{0,3}(=+|-+)\s*$/.test(line) && index > 0 && lines[index - 1].trim() && !/^\s*[-*+]\s/.test(lines[index - 1])) {
      add(slugOf(lines[index - 1]));
    }
    for (const match of line.matchAll(/<a\s[^>]*(?:id|name)=["']([^"']+)["']/gi)) anchors.add(match[1]);
  });
  return anchors;
}

/** Why a link from `document` to `target` is broken, or null when it resolves. */
function problemOf(document, target, anchorCache) {
  const hash = target.indexOf('#');
  const filePart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
  const anchor = hash === -1 ? '' : decodeURIComponent(target.slice(hash + 1));
  const resolved = filePart === '' ? path.join(root, document) : filePart.startsWith('/') ? path.join(root, filePart) : path.resolve(root, path.dirname(document), filePart);
  const relative = path.relative(root, resolved);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return `${target} leads outside the repository`;
  if (!existsSync(resolved)) return `${target}: no such file ${relative}`;
  if (!anchor || !resolved.endsWith('.md') || !statSync(resolved).isFile()) return null;
  if (!anchorCache.has(resolved)) anchorCache.set(resolved, anchorsOf(resolved));
  return anchorCache.get(resolved).has(anchor.toLowerCase()) ? null : `${target}: ${relative} has no heading #${anchor}`;
}

const anchorCache = new Map();
const broken = [];
let checked = 0;
for (const document of documents()) {
  proseLines(readFileSync(path.join(root, document), 'utf8')).forEach((line, index) => {
    for (const target of targetsOn(line)) {
      if (isExternal(target)) continue;
      checked += 1;
      const problem = problemOf(document, target, anchorCache);
      if (problem) broken.push(`${document}:${index + 1}: broken link ${problem}`);
    }
  });
}

for (const line of broken) console.error(line);
if (broken.length) {
  console.error(`check-doc-links: ${broken.length} broken link(s) in README.md and docs/ (of ${checked} checked)`);
  process.exit(1);
}
console.log(`check-doc-links: all ${checked} links in README.md and docs/ lead to files and headings that exist`);
