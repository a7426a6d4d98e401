// Sign-up for a number the shop does not know: a full name is enough to make an account tied to it.
import { signUpByPhone } from '../../modules/users/accounts.service';
import type { Screen } from '../types';
import { refuse } from './helpers';

const MAX_NAME_LENGTH = 100;

/** A name with at least two letters and no digits: what a person calls themselves. */
function readFullName(text: string): string | undefined {
  const name = text.replace(/\s+/g, ' ').trim();
  const letters = name.replace(/[^\p{L}]/gu, '');
  if (letters.length < 2 || /\d/.test(name) || name.length > MAX_NAME_LENGTH) return undefined;
  return name;
}

export const signup: Screen<'signup'> = {
  async render(ctx) {
    return {
      title: ctx.t('signup.title', { shop: ctx.deps.config.shop.shopName }),
      prompt: ctx.t('signup.prompt'),
      noNav: true,
    };
  },

  async handle(ctx, _state, { text }) {
    const name = readFullName(text);
    if (!name || !ctx.session.phone) return refuse(ctx.t('signup.invalid'));
    const signedUp = await signUpByPhone(ctx.deps, ctx.session.phone, name);
    if (!signedUp) return refuse(ctx.t('error.failed'));
    const { user, made } = signedUp;
    return { type: 'enter', set: { userId: user._id }, accountMade: made, notice: ctx.t('signup.done', { name: user.fullName.split(' ')[0] }) };
  },
};
