// Every flow in flows/ on every channel it names, so `npm test` plays them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowFiles, loadFlow, packOrder, riderPicksUp, setDeliveryFees, setStockLeft, smsCodeIn } from '../../flows/run';
import { playFlow } from '../../flows/player';
import { backgroundSettled } from '../../server/lib/background';
import { startFakeGraphApi, whatsappEnv, type FakeGraphApi } from '../support/fake-graph-api';
import { momoPhone, startFakeMomoCollections, type FakeMomo } from '../support/fake-momo-collections';
import { createTestShop, type TestShop } from '../support/test-app';

const USSD_SECRET = 'flows-test-secret-0123456789';
const WHATSAPP_APP_SECRET = 'flows-whatsapp-app-secret-0123';
const runs = flowFiles()
  .map(loadFlow)
  .flatMap((flow) => flow.channels.map((channel) => ({ flow, channel, name: `${flow.file} [${channel}]` })));

let shop: TestShop;
let graph: FakeGraphApi;
let momo: FakeMomo;
beforeAll(async () => {
  graph = await startFakeGraphApi();
  // MTN's callback reaches the shop in this process, as it would reach PUBLIC_BASE_URL.
  momo = await startFakeMomoCollections({ deliverCallback: (url, init) => shop.app.request(new URL(url).pathname, init) });
  shop = await createTestShop({ USSD_SECRET, ...whatsappEnv(graph, WHATSAPP_APP_SECRET, 'flows-whatsapp-verify-token'), ...momo.environment() });
});
afterAll(async () => {
  await shop.close();
  await graph.close();
  await momo.close();
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
      settled: () => backgroundSettled(shop.deps),
      momo: momoPhone(momo, () => backgroundSettled(shop.deps)),
      setClock: (at) => {
        shop.deps.now = at ? () => at : undefined;
      },
      setStock: (productId, left) => setStockLeft(shop.deps, productId, left),
      setFees: (body) => setDeliveryFees(shop.deps, body),
      pickUp: (order) => riderPicksUp(shop.deps, order),
      pack: (number, body) => packOrder(shop.deps, number, body),
    });
    const report = result.failures.map((f) => `line ${f.line}: ${f.source}\n  ${f.reason}\n  reply: ${f.reply}`).join('\n');
    expect(report).toBe('');
  });
});
