// Addresses: a new one step by step (district, sector, street, description, phone), for checkout or
// the address book, and the address book itself (make default, delete). District and sector come from
// the one list the web's form offers (addresses.schema.ts).
import type { z } from 'zod';
import { isPhoneLike } from '../../lib/fields';
import { localPhone } from '../../lib/phone';
import { addressInputSchema, KIGALI_DISTRICTS, sectorOf, sectorsOf } from '../../modules/addresses/addresses.schema';
import { createAddress, deleteAddress, getAddress, listAddresses, setDefaultAddress } from '../../modules/addresses/addresses.service';
import type { Outcome, Screen, ScreenContext, ScreenDataMap } from '../types';
import { accountId, invalidChoice, pageOf, pageSizeOf, push, refuse, returnTo } from './helpers';
import { menuActions, menuChoice } from './menu';
import { addressLabel } from './checkout';
import { newState } from './helpers';
import { againBelow, backToAgain } from './again-state';

/** Every address made in this conversation is in Kigali: the districts offered are Kigali's. */
export const CONVERSATION_CITY = 'Kigali';

/** A typed answer checked by the address form's own rule for that field. */
function readField(ctx: ScreenContext, field: 'street' | 'description', text: string): { value?: string; error?: string } {
  const schema = addressInputSchema.shape[field] as z.ZodString;
  const parsed = schema.safeParse(text);
  if (parsed.success) return { value: parsed.data };
  if (!text.trim()) return { error: ctx.t('error.emptyAnswer') };
  return { error: ctx.t('address.tooLong', { max: schema.maxLength ?? 200 }) };
}

async function saveAddress(ctx: ScreenContext, draft: ScreenDataMap['address-phone'], phone: string): Promise<Outcome> {
  const input = addressInputSchema.safeParse({
    description: draft.description,
    city: CONVERSATION_CITY,
    street: draft.street,
    district: draft.district,
    sector: draft.sector,
    phoneNumber: phone,
  });
  if (!input.success) return refuse(ctx.t('error.failed'));
  const again = draft.purpose === 'checkout' ? againBelow(ctx) : undefined;
  // The checkout goes on to the delivery time with the address typed, saved with the order when it
  // is placed; the address steps are done, so Back from there skips them.
  if (draft.purpose === 'checkout' && !again) {
    return { type: 'go', unwindTo: 'address-district', how: 'replace', to: newState('checkout-window', { newAddress: input.data }) };
  }
  const address = await createAddress(ctx.deps, accountId(ctx), input.data);
  // Asked from "Order again": back to it with the new address, saved now (it may be changed again there).
  if (again) return backToAgain(again, { addressId: address._id });
  return returnTo('addresses', ctx.t('address.added'));
}

export const addressDistrict: Screen<'address-district'> = {
  async render(ctx) {
    return {
      title: ctx.t('address.district'),
      actions: menuActions('address-district', ctx.t),
    };
  },

  async handle(ctx, state, { text }) {
    const district = /^\d$/.test(text) ? KIGALI_DISTRICTS[Number(text) - 1] : undefined;
    return district ? push('address-sector', { ...state.data, district }) : invalidChoice(ctx);
  },
};

export const addressSector: Screen<'address-sector'> = {
  async render(ctx, state) {
    // Whole names, as many as fit a page; the rest behind 98 More, and a name may be typed instead.
    const rows = sectorsOf(state.data.district).map((sector) => ({ value: sector, label: sector, whole: true }));
    return { title: ctx.t('address.sector', { district: state.data.district }), ...pageOf(rows, state.offset, ctx.pageSize) };
  },

  async handle(ctx, state, { text, choice }) {
    const sector = choice ?? sectorOf(state.data.district, text);
    if (sector) return push('address-street', { ...state.data, sector });
    return refuse(/^\d+$/.test(text) ? ctx.t('error.invalidChoice') : ctx.t('address.sectorUnknown', { district: state.data.district }));
  },
};

export const addressStreet: Screen<'address-street'> = {
  async render(ctx) {
    return { title: ctx.t('address.street') };
  },

  async handle(ctx, state, { text }) {
    const { value, error } = readField(ctx, 'street', text);
    return value ? push('address-description', { ...state.data, street: value }) : refuse(error!);
  },
};

export const addressDescription: Screen<'address-description'> = {
  async render(ctx) {
    return { title: ctx.t('address.description') };
  },

  async handle(ctx, state, { text }) {
    const { value, error } = readField(ctx, 'description', text);
    return value ? push('address-phone', { ...state.data, description: value }) : refuse(error!);
  },
};

export const addressPhone: Screen<'address-phone'> = {
  async render(ctx) {
    const own = ctx.session.phone;
    if (!own) return { title: ctx.t('address.phonePrompt') };
    return {
      title: ctx.t('address.phone'),
      actions: menuActions('address-phone', ctx.t, undefined, { phone: localPhone(own) }),
    };
  },

  async handle(ctx, state, { text }) {
    const own = ctx.session.phone;
    const chosen = own ? menuChoice('address-phone', text) : undefined;
    if (own && chosen?.to === 'address-saved') return saveAddress(ctx, state.data, own);
    if (chosen?.to === 'address-phone-other') return push('address-phone-other', state.data);
    // A number typed straight away is taken too.
    if (text.length > 2 && isPhoneLike(text)) return saveAddress(ctx, state.data, text);
    return own ? invalidChoice(ctx) : refuse(ctx.t('address.phoneInvalid'));
  },
};

export const addressPhoneOther: Screen<'address-phone-other'> = {
  async render(ctx) {
    return { title: ctx.t('address.phonePrompt') };
  },

  async handle(ctx, state, { text }) {
    return text.length > 2 && isPhoneLike(text) ? saveAddress(ctx, state.data, text) : refuse(ctx.t('address.phoneInvalid'));
  },
};

export const addresses: Screen<'addresses'> = {
  async render(ctx, state) {
    const saved = await listAddresses(ctx.deps, accountId(ctx));
    const actions = menuActions('addresses', ctx.t);
    if (!saved.length) return { title: ctx.t('address.none'), actions };
    const rows = saved.map((address) => ({
      value: address._id,
      label: addressLabel(address),
      detail: address.isDefault ? ctx.t('address.default') : undefined,
    }));
    return { title: ctx.t('address.list'), ...pageOf(rows, state.offset, pageSizeOf(ctx, 9)), actions };
  },

  async handle(ctx, _state, { text, choice }) {
    if (choice) return push('address-detail', { id: choice });
    if (menuChoice('addresses', text)) return push('address-district', { purpose: 'book' });
    return invalidChoice(ctx);
  },
};

export const addressDetail: Screen<'address-detail'> = {
  async render(ctx, state) {
    const address = await getAddress(ctx.deps, accountId(ctx), state.data.id);
    // "Make default" is not offered for the default address.
    const actions = menuActions('address-detail', ctx.t, (chosen) => !(address.isDefault && chosen.when === 'not the default'));
    return {
      title: addressLabel(address) + (address.isDefault ? ` ${ctx.t('address.default')}` : ''),
      lines: [address.description, ctx.t('address.phoneLine', { phone: address.phoneNumber })],
      actions,
    };
  },

  async handle(ctx, state, { text }) {
    const userId = accountId(ctx);
    const id = state.data.id;
    const chosen = menuChoice('address-detail', text);
    if (chosen?.label === 'address.makeDefault') {
      const address = await getAddress(ctx.deps, userId, id);
      if (address.isDefault) return invalidChoice(ctx);
      await setDefaultAddress(ctx.deps, userId, id);
      return returnTo('addresses', ctx.t('address.defaultSet'));
    }
    if (chosen?.label === 'address.delete') {
      await deleteAddress(ctx.deps, userId, id);
      return returnTo('addresses', ctx.t('address.deleted'));
    }
    return invalidChoice(ctx);
  },
};
