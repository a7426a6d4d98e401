// "Share out": a window's packed orders given to riders balanced by count and kept together by place.
// Orders are walked in the order of their places (district, sector, street), so one rider's stops
// are neighbours; each goes to the rider already working that stretch while their load is under the
// fair share, else to the least loaded rider who may take it. A rider at their cash limit takes only
// orders with nothing to collect. Pure: the dispatch service reads the orders and riders and writes
// what this decides.

export interface OrderToShare {
  id: string;
  district: string;
  sector: string | null;
  street: string;
  /** Something is to be collected at the door (a rider at their cash limit may not take it). */
  collects: boolean;
}

export interface RiderToShare {
  id: string;
  /** Stops the rider already has in the window. */
  load: number;
  /** False when the rider's cash in hand has reached their limit. */
  takesCash: boolean;
}

export interface Shared {
  assigned: { orderId: string; riderId: string }[];
  /** Orders no rider could take (every rider who had room is at their cash limit). */
  left: OrderToShare[];
}

const key = (text: string | null) => (text ?? '').trim().toLowerCase();
const placeOf = (order: OrderToShare) => `${key(order.district)}|${key(order.sector)}`;

/**
 * Each rider's fair share of the window's stops (theirs already and these): equal, the remainder one
 * each to the least loaded, so counts differ by one at most. A rider at their cash limit can take
 * only the orders with nothing to collect: their share is capped at that, and the rest is shared
 * among the others (else the share they cannot take spills over at random and splits places).
 */
function quotasOf(orders: readonly OrderToShare[], riders: readonly RiderToShare[]): Map<string, number> {
  const nothingToCollect = orders.filter((order) => !order.collects).length;
  const quota = new Map<string, number>();
  let open = [...riders].sort((a, b) => a.load - b.load || a.id.localeCompare(b.id));
  let toShare = riders.reduce((sum, rider) => sum + rider.load, 0) + orders.length;
  for (;;) {
    const fair = toShare / open.length;
    const capped = open.filter((rider) => !rider.takesCash && rider.load + nothingToCollect < fair);
    if (!capped.length) break;
    for (const rider of capped) {
      quota.set(rider.id, rider.load + nothingToCollect);
      toShare -= rider.load + nothingToCollect;
    }
    open = open.filter((rider) => !capped.includes(rider));
    if (!open.length) return quota;
  }
  const base = Math.floor(toShare / open.length);
  for (const [index, rider] of open.entries()) quota.set(rider.id, base + (index < toShare % open.length ? 1 : 0));
  return quota;
}

export function shareOut(orders: readonly OrderToShare[], riders: readonly RiderToShare[]): Shared {
  const shared: Shared = { assigned: [], left: [] };
  if (!riders.length) return { assigned: [], left: [...orders] };
  const load = new Map(riders.map((rider) => [rider.id, rider.load]));
  const quota = quotasOf(orders, riders);
  const room = (riderId: string) => quota.get(riderId)! - load.get(riderId)!;
  const sorted = [...orders].sort((a, b) => placeOf(a).localeCompare(placeOf(b)) || key(a.street).localeCompare(key(b.street)) || a.id.localeCompare(b.id));
  const districtsOf = new Map<string, Set<string>>(riders.map((rider) => [rider.id, new Set<string>()]));
  let current: { place: string; riderId: string } | undefined;
  for (const order of sorted) {
    const may = riders.filter((rider) => !order.collects || rider.takesCash);
    if (!may.length) {
      shared.left.push(order);
      continue;
    }
    const place = placeOf(order);
    const keep = current?.place === place ? may.find((rider) => rider.id === current!.riderId && room(rider.id) > 0) : undefined;
    const chosen =
      keep ??
      [...may].sort((a, b) => {
        // Most room first; when cash limits leave no one with room, the least loaded who may take it.
        const byRoom = Math.max(room(b.id), 0) - Math.max(room(a.id), 0);
        if (byRoom) return byRoom;
        const byLoadNow = load.get(a.id)! - load.get(b.id)!;
        if (byLoadNow) return byLoadNow;
        // A rider already in the district comes first among equals: fewer trips across town.
        const inA = districtsOf.get(a.id)!.has(key(order.district)) ? 0 : 1;
        const inB = districtsOf.get(b.id)!.has(key(order.district)) ? 0 : 1;
        return inA - inB || a.id.localeCompare(b.id);
      })[0];
    load.set(chosen.id, load.get(chosen.id)! + 1);
    districtsOf.get(chosen.id)!.add(key(order.district));
    shared.assigned.push({ orderId: order.id, riderId: chosen.id });
    current = { place, riderId: chosen.id };
  }
  return shared;
}
