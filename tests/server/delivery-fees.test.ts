// The fee table's one rule (delivery-fees.schema.ts: feeFor), as checkout, the cart and the
// conversation all quote it: the sector's rate over the district's, the largest order size reached,
// free from the threshold, and a place the table does not price left negotiable.
import { describe, expect, it } from 'vitest';
import { deliveryFeesSchema, feeFor, feeTableOf } from '../../server/modules/delivery/delivery-fees.schema';

const table = feeTableOf(
  deliveryFeesSchema.parse({
    mode: 'table',
    rates: [
      { district: 'Gasabo', fee: 1500 },
      { district: 'Gasabo', from: 10_000, fee: 1000 },
      { district: 'Gasabo', sector: 'Kimironko', fee: 800 },
      { district: 'Nyarugenge', fee: 2500 },
    ],
    freeFrom: 30_000,
  }),
);

describe('feeFor', () => {
  it('charges the district rate for the largest order size the subtotal reaches', () => {
    expect(feeFor(table, { district: 'Gasabo' }, 5_000_00)).toEqual({ mode: 'fixed', feeMinor: 1500_00, free: false });
    expect(feeFor(table, { district: 'gasabo ' }, 10_000_00)).toEqual({ mode: 'fixed', feeMinor: 1000_00, free: false });
  });

  it("prefers the sector's own rate, and the district's for another sector", () => {
    expect(feeFor(table, { district: 'Gasabo', sector: 'Kimironko' }, 5_000_00)).toMatchObject({ feeMinor: 800_00 });
    expect(feeFor(table, { district: 'Gasabo', sector: 'Remera' }, 5_000_00)).toMatchObject({ feeMinor: 1500_00 });
  });

  it('is free from the threshold, and negotiable where the table has no rate or the shop negotiates', () => {
    expect(feeFor(table, { district: 'Nyarugenge' }, 30_000_00)).toEqual({ mode: 'fixed', feeMinor: 0, free: true });
    expect(feeFor(table, { district: 'Kicukiro' }, 5_000_00)).toEqual({ mode: 'negotiable' });
    expect(feeFor({ mode: 'negotiable', rates: [], freeFromMinor: null }, { district: 'Gasabo' }, 5_000_00)).toEqual({ mode: 'negotiable' });
  });

  it('refuses a table with no rates or two rates for the same place and size', () => {
    expect(deliveryFeesSchema.safeParse({ mode: 'table', rates: [] }).success).toBe(false);
    const twice = deliveryFeesSchema.safeParse({ mode: 'table', rates: [{ district: 'Gasabo', fee: 1 }, { district: 'gasabo', fee: 2 }] });
    expect(twice.success).toBe(false);
  });
});
