// Every flow in flows/ on every channel it names, so `npm test` plays them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowFiles, loadFlow, smsCodeIn } from '../../flows/run';
import { playFlow } from '../../flows/player';
import { startFakeGraphApi, whatsappEnv, type FakeGraphApi } from '../support/fake-graph-api';
import { createTestShop, type TestShop } from '../support/test-app';

const USSD_SECRET = 'flows-test-secret-0123456789';
const WHATSAPP_APP_SECRET = 'flows-whatsapp-app-secret-0123';
const runs = flowFiles()
  .map(loadFlow)
  .flatMap((flow) => flow.channels.map((channel) => ({ flow, channel, name: `${flow.file} [${channel}]` })));

let shop: TestShop;
let graph: FakeGraphApi;
beforeAll(async () => {
  graph = await startFakeGraphApi();
  shop = await createTestShop({ USSD_SECRET, ...whatsappEnv(graph, WHATSAPP_APP_SECRET, 'flows-whatsapp-verify-token') });
});
afterAll(async () => {
  await shop.close();
  await graph.close();
});

describe('flows', () => {
  it('finds the flows', () => {
    expect(runs.length).toBeGreaterThan(20);
  });

  it.each(runs)('$name', async ({ flow, channel }) => {
    const result = await playFlow(flow, channel, {
      transport: async (path, init) => shop.app.request(path, init),
      ussdSecret: USSD_SECRET,
      whatsapp: { appSecret: WHATSAPP_APP_SECRET, sentTo: graph.sentTo },
      readSmsCode: (phone) => smsCodeIn(shop.deps, phone),
    });
    const report = result.failures.map((f) => `line ${f.line}: ${f.source}\n  ${f.reason}\n  reply: ${f.reply}`).join('\n');
    expect(report).toBe('');
  });
});
