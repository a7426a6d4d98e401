// /api/address/*: the shopper's delivery addresses (docs/api.md; docs/product.md section 5 messages).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../server/modules/addresses/addresses.schema';
import { createAddress } from '../../server/modules/addresses/addresses.service';
import { waitForLockWaiter } from '../support/lock-waits';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { address, expectErrorShape, expectFieldErrors, expectTokenRejected } from './expectations';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

const create = (shopper: Shopper, body: Record<string, unknown>) => shop.http.post('/api/address/create').set(shopper.auth).send(body);
const all = (shopper: Shopper) => shop.http.get('/api/address/allAddress').set(shopper.auth);
const defaults = async (shopper: Shopper) =>
  ((await all(shopper)).body.addresses as Array<{ _id: string; isDefault: boolean }>).filter((a) => a.isDefault).map((a) => a._id);

describe('addresses', () => {
  it('creates an address; the first one is the default', async () => {
    const shopper = await shop.newShopper();
    const response = await create(shopper, address({ description: '  Home near Kimironko market ' }));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Address added successfully!',
      address: {
        _id: expect.any(String),
        description: 'Home near Kimironko market',
        city: 'Kigali',
        street: 'KN 5 Rd 12',
        district: 'Nyarugenge',
        // None given (the original storefront sends none).
        sector: null,
        // One spelling on every face, whatever was typed (0788123456 here).
        phoneNumber: '+250788123456',
        isDefault: true,
      },
    });
    const second = await create(shopper, address({ description: 'Office' }));
    expect(second.body.address.isDefault).toBe(false);
    expect(await defaults(shopper)).toEqual([response.body.address._id]);
  });

  it('makes exactly one default when two first addresses arrive at once', async () => {
    const shopper = await shop.newShopper();
    const created = await Promise.all([create(shopper, address({ description: 'A' })), create(shopper, address({ description: 'B' }))]);
    for (const response of created) expect(response.status).toBe(201);
    expect(created.filter((r) => r.body.address.isDefault)).toHaveLength(1);
    expect(await defaults(shopper)).toHaveLength(1);
  });

  it('a first address saved while another first address is being saved waits for it, and is not the default', async () => {
    const shopper = await shop.newShopper();
    const home = { description: 'Home', city: 'Kigali', street: 'KN 5 Rd 12', district: 'Nyarugenge', phoneNumber: '+250788123456' };
    let secondAnswered = false;
    let second: Promise<Address> | undefined;
    const first = await shop.deps.db.transaction().execute(async (trx) => {
      const saved = await createAddress({ ...shop.deps, db: trx }, shopper.user._id, home);
      second = createAddress(shop.deps, shopper.user._id, { ...home, description: 'Office' }).then((address) => {
        secondAnswered = true;
        return address;
      });
      if (shop.deps.databaseKind === 'postgres') await waitForLockWaiter(shop.deps.db, () => secondAnswered);
      expect(secondAnswered).toBe(false);
      return saved;
    });
    expect(first.isDefault).toBe(true);
    expect((await second!).isDefault).toBe(false);
    expect(await defaults(shopper)).toEqual([first._id]);
  });

  it("lists the caller's addresses as `addresses` and `data`", async () => {
    const shopper = await shop.newShopper();
    const empty = await all(shopper);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ success: true, addresses: [], data: [] });
    const home = (await create(shopper, address({ description: 'Home' }))).body.address;
    const office = (await create(shopper, address({ description: 'Office' }))).body.address;
    const response = await all(shopper);
    expect(response.body.addresses).toEqual([home, office]);
    expect(response.body.data).toEqual(response.body.addresses);
  });

  it('moves the default when a new or updated address asks for it, keeping exactly one', async () => {
    const shopper = await shop.newShopper();
    const home = (await create(shopper, address({ description: 'Home' }))).body.address;
    const office = (await create(shopper, address({ description: 'Office', isDefault: true }))).body.address;
    expect(office.isDefault).toBe(true);
    expect(await defaults(shopper)).toEqual([office._id]);
    const back = await shop.http.put(`/api/address/update/${home._id}`).set(shopper.auth).send(address({ description: 'Home', isDefault: true }));
    expect(back.body.address.isDefault).toBe(true);
    expect(await defaults(shopper)).toEqual([home._id]);
  });

  it('updates an address', async () => {
    const shopper = await shop.newShopper();
    const home = (await create(shopper, address())).body.address;
    const response = await shop.http
      .put(`/api/address/update/${home._id}`)
      .set(shopper.auth)
      .send(address({ description: 'Moved', street: 'KG 11 Ave 3', district: 'Gasabo' }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Address updated successfully',
      address: { ...home, description: 'Moved', street: 'KG 11 Ave 3', district: 'Gasabo' },
    });
    expect((await all(shopper)).body.addresses).toEqual([response.body.address]);
  });

  it('deletes an address; deleting the default passes it on', async () => {
    const shopper = await shop.newShopper();
    const home = (await create(shopper, address({ description: 'Home' }))).body.address;
    const office = (await create(shopper, address({ description: 'Office' }))).body.address;
    const response = await shop.http.delete(`/api/address/delete/${home._id}`).set(shopper.auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Address deleted successfully' });
    const left = (await all(shopper)).body.addresses;
    expect(left).toEqual([{ ...office, isDefault: true }]);
    expectErrorShape(await shop.http.delete(`/api/address/delete/${home._id}`).set(shopper.auth), 404, 'Address not found');
    expect((await shop.http.delete(`/api/address/delete/${office._id}`).set(shopper.auth)).status).toBe(200);
    expect((await all(shopper)).body.addresses).toEqual([]);
    // After the last is gone, the next first address is the default again.
    expect((await create(shopper, address())).body.address.isDefault).toBe(true);
  });

  it('names each missing field with its message', async () => {
    const shopper = await shop.newShopper();
    expectFieldErrors(await create(shopper, {}), {
      description: 'Description is required',
      city: 'City is required',
      street: 'Street is required',
      district: 'District is required',
      phoneNumber: 'Phone number is required',
    });
    expectFieldErrors(await create(shopper, address({ city: '   ' })), { city: 'City is required' });
    const home = (await create(shopper, address())).body.address;
    expectFieldErrors(await shop.http.put(`/api/address/update/${home._id}`).set(shopper.auth).send(address({ street: '' })), {
      street: 'Street is required',
    });
    expect((await all(shopper)).body.addresses).toEqual([home]);
  });

  it("takes the district and sector from Kigali's one list, in the list's spelling, and names what it refuses", async () => {
    const shopper = await shop.newShopper();
    const refused = await create(shopper, address({ district: 'Kimironko' }));
    expectFieldErrors(refused, { district: 'Choose a district of Kigali: Gasabo, Kicukiro or Nyarugenge' });
    expectFieldErrors(await create(shopper, address({ district: 'Gasabo', sector: 'Kanombe' })), { sector: 'Choose a sector of Gasabo' });
    expect((await all(shopper)).body.addresses).toEqual([]);
    const typedAnyCase = await create(shopper, address({ district: ' gasabo ', sector: 'KIMIRONKO' }));
    expect(typedAnyCase.status).toBe(201);
    expect(typedAnyCase.body.address).toMatchObject({ district: 'Gasabo', sector: 'Kimironko' });
    // A blank sector is none, as the web's "Choose a sector" sends it.
    expect((await create(shopper, address({ district: 'Kicukiro', sector: '' }))).body.address).toMatchObject({ district: 'Kicukiro', sector: null });
  });

  it('an address saved with a district typed before the list stays readable, usable and the default it was', async () => {
    const shopper = await shop.newShopper();
    const typed = { description: 'Home', city: 'Kigali', street: 'KG 9 Ave', district: 'Kimironko, near the market', phone_number: '+250788123456' };
    await shop.deps.db.insertInto('addresses').values({ ...typed, id: `old-${shopper.user._id}`, user_id: shopper.user._id, is_default: true }).execute();
    const [old] = (await all(shopper)).body.addresses;
    expect(old).toMatchObject({ district: 'Kimironko, near the market', sector: null, isDefault: true });
    // It still takes an order, its district as it was typed.
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });
    const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: old._id, paymentType: 'cash' });
    expect(placed.status).toBe(201);
    expect(placed.body.order.address).toMatchObject({ district: 'Kimironko, near the market', sector: null });
    // Changing it asks for a district of the list; refused, nothing of it is lost.
    expectFieldErrors(await shop.http.put(`/api/address/update/${old._id}`).set(shopper.auth).send(address({ district: 'Kimironko, near the market' })), {
      district: 'Choose a district of Kigali: Gasabo, Kicukiro or Nyarugenge',
    });
    expect((await all(shopper)).body.addresses).toEqual([old]);
    const fixed = await shop.http.put(`/api/address/update/${old._id}`).set(shopper.auth).send(address({ street: 'KG 9 Ave', district: 'Gasabo', sector: 'Kimironko' }));
    expect(fixed.body.address).toMatchObject({ district: 'Gasabo', sector: 'Kimironko', isDefault: true });
  });

  it('refuses a delivery phone that is no phone number, with the same rule and message as the web form', async () => {
    const shopper = await shop.newShopper();
    expectFieldErrors(await create(shopper, address({ phoneNumber: 'call me' })), { phoneNumber: 'Invalid phone number format' });
    expectFieldErrors(await create(shopper, address({ phoneNumber: '+0123' })), { phoneNumber: 'Invalid phone number format' });
    expect((await all(shopper)).body.addresses).toEqual([]);
    expect((await create(shopper, address({ phoneNumber: '0788 123 456' }))).body.address.phoneNumber).toBe('+250788123456');
  });

  it('404 "Address not found" for an unknown id', async () => {
    const shopper = await shop.newShopper();
    expectErrorShape(await shop.http.put('/api/address/update/nope').set(shopper.auth).send(address()), 404, 'Address not found');
    expectErrorShape(await shop.http.delete('/api/address/delete/nope').set(shopper.auth), 404, 'Address not found');
  });

  it('needs a token for every call', async () => {
    expectTokenRejected(await shop.http.post('/api/address/create').send(address()));
    expectTokenRejected(await shop.http.get('/api/address/allAddress'));
    expectTokenRejected(await shop.http.put('/api/address/update/x').send(address()));
    expectTokenRejected(await shop.http.delete('/api/address/delete/x').set('Authorization', 'Bearer garbage'));
  });
});
