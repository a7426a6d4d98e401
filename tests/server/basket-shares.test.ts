// Sharing a short product among the weekly baskets of one day (server/modules/baskets/basket-shares.ts):
// in proportion to what each wants, whole units, never more than wanted, every unit handed out, and
// the same answer however the baskets are listed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairShares } from '../../server/modules/baskets/basket-shares';

const shares = (wanted: number[], supply: number) => [...fairShares(wanted.map((one, index) => ({ key: `b${index}`, wanted: one })), supply).values()];

describe('fair shares', () => {
  it('gives each what it wants when there is enough', () => {
    expect(shares([4, 4, 2], 10)).toEqual([4, 4, 2]);
    expect(shares([4, 4, 2], 50)).toEqual([4, 4, 2]);
  });

  it('shares in proportion, whole units, the units left to the largest remainders', () => {
    expect(shares([4, 4, 2], 5)).toEqual([2, 2, 1]);
    expect(shares([4, 4, 2], 3)).toEqual([1, 1, 1]);
    expect(shares([10, 1], 5)).toEqual([5, 0]);
    expect(shares([3, 3, 3], 2)).toEqual([1, 1, 0]);
    // Part of a unit of a measured product is not handed out as a whole one.
    expect(shares([2, 2], 2.9)).toEqual([1, 1]);
    expect(shares([2, 2], 0)).toEqual([0, 0]);
  });

  it('never gives more than wanted or than there is, hands out every whole unit, and does not depend on the order listed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 300 }), (wanted, supply) => {
        const demands = wanted.map((one, index) => ({ key: `basket-${index}`, wanted: one }));
        const given = fairShares(demands, supply);
        const total = [...given.values()].reduce((sum, one) => sum + one, 0);
        expect(total).toBe(Math.min(supply, wanted.reduce((sum, one) => sum + one, 0)));
        for (const demand of demands) {
          expect(given.get(demand.key)).toBeGreaterThanOrEqual(0);
          expect(given.get(demand.key)).toBeLessThanOrEqual(demand.wanted);
          // Within one unit of the proportional share.
          const exact = (demand.wanted * Math.min(supply, total)) / wanted.reduce((sum, one) => sum + one, 0);
          expect(Math.abs(given.get(demand.key)! - exact)).toBeLessThan(1 + 1e-9);
        }
        expect(fairShares([...demands].reverse(), supply)).toEqual(given);
      }),
    );
  });
});
