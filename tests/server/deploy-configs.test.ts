// The load balancer configurations docs/operating.md shows are the files in deploy/ that the
// load-balancer tests run (tests/support/balancer.ts), word for word.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const operating = readFileSync(path.join(root, 'docs/operating.md'), 'utf8');

describe('docs/operating.md', () => {
  it.each(['haproxy.cfg', 'nginx.conf'])('shows deploy/%s exactly as tested', (file) => {
    const tested = readFileSync(path.join(root, 'deploy', file), 'utf8').trimEnd();
    expect(operating).toContain(`\`\`\`\n${tested}\n\`\`\``);
  });
});
