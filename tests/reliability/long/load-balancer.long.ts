// One shop on two instances behind a real load balancer, the long part (the fast part is
// tests/server/load-balancer.test.ts). On PostgreSQL only (TEST_DATABASE_URL), behind HAProxy and
// nginx with the configurations in deploy/:
// - one instance SIGKILLed in the middle of 200 order placements: every answered order is whole,
//   every retry with its Idempotency-Key gives one order, and the balancer sends the rest to the
//   survivor (only the requests in flight on the killed instance fail);
// - a rolling restart under load (the soak's traffic): each instance in turn is taken out by the
//   balancer (HAProxy: its health check, which answers 503 from SIGTERM for SHUTDOWN_DELAY_MS;
//   nginx: marked down and reloaded, as deploy/nginx.conf says), stopped with SIGTERM and started
//   again; no request fails.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCERS, balancersOrSkip, startBalancer, type Balancer, type BalancerKind } from '../../support/balancer';
import { postgresUrl, seededPostgresDatabase } from '../../support/database';
import { call, ROOT, startServer, type ServerProcess } from './server-process';
import { allOrders, expectEveryOrderWhole, placeOneProduct, shopperWithAddress } from './shop-calls';
import { roomForEveryOrder } from '../../support/delivery-room';

const SHOPPERS = 10;
const PLACEMENTS_EACH = 20; // 200 placements in all
const KILL_AFTER = 90; // answered placements before the SIGKILL: the middle of the run
/** Longer than HAProxy takes to see two failed health checks a second apart (deploy/haproxy.cfg). */
const SHUTDOWN_DELAY_MS = 3_000;

const skip = !postgresUrl() || balancersOrSkip().skip;

let copy: { url: string; drop(): Promise<void> };
const instances: ServerProcess[] = [];
let ports: number[] = [];
const balancers = new Map<BalancerKind, Balancer>();
const environment = { TRUST_PROXY: 'true', LOG_REQUESTS: 'true', SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS), DATABASE_POOL_SIZE: '6' };

const startInstance = (port: number) => startServer({ databaseUrl: copy.url, env: { ...environment, PORT: String(port) } });

beforeAll(async () => {
  if (skip) return;
  copy = await seededPostgresDatabase(postgresUrl()!);
  // Both balancers' runs place their orders in one shop: more than a week of windows takes by default.
  await roomForEveryOrder({ databaseUrl: copy.url });
  instances.push(...(await Promise.all([0, 1].map(() => startServer({ databaseUrl: copy.url, env: environment })))));
  ports = instances.map((instance) => Number(new URL(instance.url).port));
  const addresses = instances.map((instance) => new URL(instance.url).host) as [string, string];
  for (const kind of BALANCERS) balancers.set(kind, await startBalancer(kind, addresses));
}, 300_000);

afterAll(async () => {
  for (const balancer of balancers.values()) await balancer.stop();
  await Promise.all(instances.map((instance) => instance.kill('SIGKILL')));
  await copy?.drop();
});

/** Shoppers' requests the instance has answered (LOG_REQUESTS=true), health checks left out: how the test sees the balancer send it traffic. */
const answered = (instance: ServerProcess) =>
  instance
    .output()
    .split('\n')
    .filter((line) => line.includes('"event":"request"') && !line.includes('"path":"/api/health"')).length;

async function until(check: () => boolean, what: string, deadlineMs = 60_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Placement {
  key: string;
  shopper: number;
  orderId?: string;
  /** Failed at least once (the instance it reached was killed under it) and was retried. */
  failures: number;
}

describe.skipIf(skip)('two instances behind a load balancer, the long part', () => {
  describe.each(BALANCERS)('behind %s', (kind) => {
    it(`keeps every answered order whole and one order per Idempotency-Key when an instance is SIGKILLed in the middle of ${SHOPPERS * PLACEMENTS_EACH} placements, and sends the rest to the survivor`, async () => {
      const base = balancers.get(kind)!.url;
      const victim = kind === 'haproxy' ? 0 : 1;
      const shoppers = await Promise.all(
        Array.from({ length: SHOPPERS }, (_, index) =>
          shopperWithAddress(base, {
            fullName: `Balanced Crash ${index}`,
            email: `balanced.crash.${kind}.${index}.${Date.now()}@example.rw`,
            phoneNumber: `+25079${String(Date.now() + index * 7 + (kind === 'nginx' ? 500 : 0)).slice(-7)}`,
          }),
        ),
      );
      const placements: Placement[] = shoppers.flatMap((_, shopper) => Array.from({ length: PLACEMENTS_EACH }, (__, index) => ({ key: `lb-${kind}-${shopper}-${index}-${Date.now()}`, shopper, failures: 0 })));
      let killedAt = 0;
      let killed: Promise<void> | undefined;
      const failuresBeforeKill: string[] = [];
      const failuresAfterKill: string[] = [];

      /** Add one product, then place the order under the placement's key; undefined when the request failed. */
      async function place(placement: Placement, index: number): Promise<string | undefined> {
        try {
          return await placeOneProduct(base, shoppers[placement.shopper], placement.key, index);
        } catch (error) {
          (killedAt ? failuresAfterKill : failuresBeforeKill).push(`${Date.now() - killedAt} ms after the kill, ${placement.key}: ${String(error)}`);
          return undefined;
        }
      }

      async function shopperRun(shopper: number) {
        for (const [index, placement] of placements.filter((p) => p.shopper === shopper).entries()) {
          let orderId = await place(placement, index);
          // The instance died under it: the same key again, at once, through the balancer.
          while (!orderId && placement.failures < 3) {
            placement.failures += 1;
            orderId = await place(placement, index);
          }
          expect(orderId, `${placement.key}\n${failuresAfterKill.join('\n')}\n${balancers.get(kind)!.output()}`).toBeDefined();
          placement.orderId = orderId;
          if (!killedAt && placements.filter((p) => p.orderId).length >= KILL_AFTER) {
            killedAt = Date.now();
            killed = instances[victim].kill('SIGKILL');
          }
        }
      }
      try {
        await Promise.all(shoppers.map((_, shopper) => shopperRun(shopper)));
      } finally {
        // Started again whatever happens, for the tests that follow.
        await killed;
        if (killedAt) instances[victim] = await startInstance(ports[victim]);
      }
      expect(failuresBeforeKill).toEqual([]);
      expect(killedAt).toBeGreaterThan(0);

      // Only what was in flight on the killed instance failed: at most one request per shopper.
      const retried = placements.filter((p) => p.failures > 0);
      console.log(`${kind}: ${placements.length} placements, SIGKILL after ${KILL_AFTER} answered, ${retried.length} retried with their key`);
      expect(retried.length, failuresAfterKill.join('\n')).toBeLessThanOrEqual(SHOPPERS);
      expect(retried.every((p) => p.failures === 1), `${failuresAfterKill.join('\n')}\n${balancers.get(kind)!.output()}`).toBe(true);

      const orders = await allOrders(base, shoppers);
      expectEveryOrderWhole(orders);
      expect(new Set(placements.map((p) => p.orderId)).size).toBe(placements.length);
      expect(orders).toHaveLength(placements.length);
      // Every key once more, through the balancer: the same order, none new.
      for (const placement of placements) {
        const { auth, addressId } = shoppers[placement.shopper];
        await call(base, 'POST', '/api/cart/add', { productId: 'tomatoes', quantity: 1 }, auth);
        const again = await call(base, 'POST', '/api/order/placeOrder', { addressId, paymentType: 'cash' }, { ...auth, 'Idempotency-Key': placement.key });
        expect(again.body.order?._id, placement.key).toBe(placement.orderId);
      }
      expect(await allOrders(base, shoppers)).toHaveLength(placements.length);
    }, 600_000);

    it('restarts both instances one at a time under load without failing a request', async () => {
      const balancer = balancers.get(kind)!;
      // nginx is drained by a reload, and a reload closes its idle keep-alive connections to clients:
      // a request sent on one at that moment is lost (a browser sends it again; a plain HTTP client
      // does not). So behind nginx the shoppers here open a connection per request; behind HAProxy,
      // which is never reloaded, they keep their connections alive.
      const clientOptions = kind === 'nginx' ? ['--fresh-connections'] : [];
      const traffic = spawn(process.execPath, ['--import', 'tsx', 'tests/reliability/long/soak-traffic.ts', balancer.url, '600', ...clientOptions], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      let report = '';
      traffic.stdout!.on('data', (chunk) => (report += chunk));
      const trafficEnded = new Promise<void>((resolve) => traffic.once('exit', () => resolve()));
      try {
        // Both instances take traffic before the first is restarted.
        const before = instances.map(answered);
        await until(() => instances.every((instance, index) => answered(instance) > before[index] + 20), 'traffic on both instances');
        for (const index of [0, 1]) {
          const address = new URL(instances[index].url).host;
          if (kind === 'nginx') await balancer.markDown([address]);
          await instances[index].kill('SIGTERM');
          expect(instances[index].output()).toMatch(/"event":"stopped","signal":"SIGTERM","finished":true/);
          instances[index] = await startInstance(ports[index]);
          if (kind === 'nginx') await balancer.markDown([]);
          // Back in the rotation: the balancer sends it requests again.
          await until(() => answered(instances[index]) > 20, `${kind} to send the restarted instance traffic`);
        }
      } finally {
        traffic.kill('SIGTERM');
        await trafficEnded;
      }
      const { requests, errors, samples } = JSON.parse(report.trim().split('\n').at(-1)!);
      console.log(`${kind} rolling restart: ${requests} requests, ${errors} failed${samples.length ? `: ${samples.join(' | ')}` : ''}`);
      expect(samples).toEqual([]);
      expect(errors).toBe(0);
      expect(requests).toBeGreaterThan(200);
    }, 600_000);
  });
});
