// "Share out" (dispatch/share-out.ts) as the Dispatch page's button uses it: a window's orders shared
// among riders so their counts differ by one at most, neighbours kept with one rider, stops a rider
// already has counted, and a rider at their cash limit given only orders with nothing to collect.
import { describe, expect, it } from 'vitest';
import { shareOut, type OrderToShare, type RiderToShare } from '../../server/modules/dispatch/share-out';

const order = (id: string, district: string, sector: string | null, collects = true, street = 'KG 1 St'): OrderToShare => ({ id, district, sector, street, collects });
const rider = (id: string, load = 0, takesCash = true): RiderToShare => ({ id, load, takesCash });

function countsOf(shared: ReturnType<typeof shareOut>, riders: RiderToShare[]) {
  return riders.map((each) => each.load + shared.assigned.filter((given) => given.riderId === each.id).length);
}

/** The places each rider was sent to. */
function placesOf(shared: ReturnType<typeof shareOut>, orders: OrderToShare[]) {
  const byId = new Map(orders.map((each) => [each.id, each]));
  const places = new Map<string, Set<string>>();
  for (const { orderId, riderId } of shared.assigned) {
    const where = byId.get(orderId)!;
    places.set(riderId, (places.get(riderId) ?? new Set()).add(`${where.district}/${where.sector}`));
  }
  return places;
}

describe('shareOut', () => {
  it('balances by count: 20 orders among 3 riders make 7, 7 and 6, every order given once', () => {
    const orders = Array.from({ length: 20 }, (_, index) => order(`o${String(index).padStart(2, '0')}`, index % 2 ? 'Gasabo' : 'Kicukiro', `S${index % 4}`));
    const riders = [rider('a'), rider('b'), rider('c')];
    const shared = shareOut(orders, riders);
    expect(shared.left).toEqual([]);
    expect(new Set(shared.assigned.map((given) => given.orderId)).size).toBe(20);
    expect(countsOf(shared, riders).sort()).toEqual([6, 7, 7]);
  });

  it('keeps a place with one rider: four sectors of five orders among four riders give each rider one sector', () => {
    const sectors = ['Kimironko', 'Remera', 'Niboye', 'Kagarama'];
    // Listed mixed up, as orders arrive: the share-out walks them by place.
    const orders = Array.from({ length: 20 }, (_, index) => order(`o${String(index).padStart(2, '0')}`, index % 4 < 2 ? 'Gasabo' : 'Kicukiro', sectors[index % 4], true, `KG ${index} St`));
    const riders = [rider('a'), rider('b'), rider('c'), rider('d')];
    const shared = shareOut(orders, riders);
    expect(countsOf(shared, riders)).toEqual([5, 5, 5, 5]);
    for (const places of placesOf(shared, orders).values()) expect(places.size).toBe(1);
  });

  it('splits a place only where the counts require it, and counts the stops riders already have', () => {
    const orders = [...Array.from({ length: 6 }, (_, index) => order(`k${index}`, 'Gasabo', 'Kimironko')), ...Array.from({ length: 2 }, (_, index) => order(`n${index}`, 'Kicukiro', 'Niboye'))];
    // b already has four stops in the window: the eight new ones take a and c to four each and b to four.
    const riders = [rider('a'), rider('b', 4), rider('c')];
    const shared = shareOut(orders, riders);
    expect(countsOf(shared, riders)).toEqual([4, 4, 4]);
    expect(shared.assigned.filter((given) => given.riderId === 'b')).toEqual([]);
    const places = placesOf(shared, orders);
    // Kimironko's six go to two riders (four is a full share), Niboye's two stay together.
    const withNiboye = [...places].filter(([, where]) => where.has('Kicukiro/Niboye'));
    expect(withNiboye).toHaveLength(1);
  });

  it('gives a rider at their cash limit only orders with nothing to collect', () => {
    const orders = [order('cash1', 'Gasabo', 'Remera'), order('cash2', 'Gasabo', 'Remera'), order('cash3', 'Gasabo', 'Remera'), order('paid1', 'Gasabo', 'Remera', false), order('paid2', 'Gasabo', 'Remera', false)];
    const riders = [rider('full', 0, false), rider('free')];
    const shared = shareOut(orders, riders);
    expect(shared.left).toEqual([]);
    const toFull = shared.assigned.filter((given) => given.riderId === 'full').map((given) => given.orderId);
    expect(toFull.length).toBeGreaterThan(0);
    expect(toFull.every((id) => id.startsWith('paid'))).toBe(true);
    expect(shared.assigned.filter((given) => given.orderId.startsWith('cash')).every((given) => given.riderId === 'free')).toBe(true);
  });

  it("shares a rider's cash-limited share among the others, so places stay together", () => {
    // 'a' is at their limit: the four cash orders are two each for b and c, one sector each.
    const orders = [order('k1', 'Gasabo', 'Kimironko'), order('k2', 'Gasabo', 'Kimironko'), order('n1', 'Kicukiro', 'Niboye'), order('n2', 'Kicukiro', 'Niboye')];
    const riders = [rider('a', 0, false), rider('b'), rider('c')];
    const shared = shareOut(orders, riders);
    expect(countsOf(shared, riders)).toEqual([0, 2, 2]);
    for (const places of placesOf(shared, orders).values()) expect(places.size).toBe(1);
  });

  it('leaves the orders to collect when every rider is at their limit, and everything when there is no rider', () => {
    const orders = [order('cash1', 'Gasabo', null), order('paid1', 'Gasabo', null, false)];
    const shared = shareOut(orders, [rider('full', 0, false)]);
    expect(shared.assigned).toEqual([{ orderId: 'paid1', riderId: 'full' }]);
    expect(shared.left.map((left) => left.id)).toEqual(['cash1']);
    expect(shareOut(orders, []).left).toHaveLength(2);
  });
});
