// scripts/check-doc-links.mjs, which `npm run lint` and .ci/run use to refuse a link in README.md or
// docs/ to a file or heading of the repository that does not exist (docs/testing.md).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const script = path.join(root, 'scripts/check-doc-links.mjs');

const check = (folder?: string) => {
  const run = spawnSync(process.execPath, [script, ...(folder ? [folder] : [])], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A repository of its own: each entry a file and its text. */
function repository(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), text);
  }
  folders.push(folder);
  return folder;
}

const GOOD = {
  'README.md': '# Shop\n\nRun it: [operating](docs/operating.md#staff-and-roles), [decisions](docs/decisions/README.md), [the site](https://example.com/gone).\n',
  'docs/operating.md': '# Running a shop\n\n## Staff and roles\n\nBack to the [README](../README.md#shop); the [config](../deploy/haproxy.cfg).\n',
  'docs/decisions/README.md': '# Decisions\n\n[How `npm test` runs](../testing.md#how-npm-test-runs)\n',
  'docs/testing.md': '# Testing\n\n## How `npm test` runs\n',
  'deploy/haproxy.cfg': 'defaults\n',
};

describe('check-doc-links', () => {
  it('passes a tree whose links all resolve, files, folders and headings alike, without asking other sites', () => {
    const result = check(repository(GOOD));
    expect(result.output).toContain('all 5 links');
    expect(result.status).toBe(0);
  });

  it('fails on a link to a missing file, naming the document, the line and the link', () => {
    const result = check(repository({ ...GOOD, 'docs/testing.md': '# Testing\n\n## How `npm test` runs\n\nSee [staff API](staff-api.md).\n' }));
    expect(result.status).toBe(1);
    expect(result.output).toContain('docs/testing.md:5: broken link staff-api.md: no such file docs/staff-api.md');
    expect(result.output).toContain('1 broken link(s)');
  });

  it('fails on a heading the linked file does not have, and on a link out of the repository', () => {
    const result = check(repository({ ...GOOD, 'README.md': '# Shop\n\n[roles](docs/operating.md#roles) and [spec](../SPEC.md)\n' }));
    expect(result.status).toBe(1);
    expect(result.output).toContain('README.md:3: broken link docs/operating.md#roles: docs/operating.md has no heading #roles');
    expect(result.output).toContain('README.md:3: broken link ../SPEC.md leads outside the repository');
  });

  it('leaves links inside code alone: they are examples, not links', () => {
    const result = check(repository({ ...GOOD, 'docs/testing.md': '# Testing\n\n## How `npm test` runs\n\n`[a](nowhere.md)`\n\n```\n[b](nowhere.md)\n```\n' }));
    expect(result.status).toBe(0);
  });

  it("passes this repository's own README and docs", () => {
    const result = check();
    expect(result.output).toMatch(/check-doc-links: all \d+ links/);
    expect(result.status).toBe(0);
  });
});
