// The one login link every guard uses (cart, rating, pages that need a session, chat, addresses).
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths.loginFor', () => {
  it('comes back to the page and its query', () => {
    expect(paths.loginFor('/products?search=tom')).toBe('/login?redirect=%2Fproducts%3Fsearch%3Dtom');
    expect(paths.loginFor('/checkout', paths.signup)).toBe('/signup?redirect=%2Fcheckout');
  });

  it('needs no way back from home or the sign-in pages themselves', () => {
    expect(paths.loginFor('/')).toBe('/login');
    expect(paths.loginFor('')).toBe('/login');
    expect(paths.loginFor('/login?redirect=%2Fcart')).toBe('/login');
    expect(paths.loginFor('/signup')).toBe('/login');
    expect(paths.loginFor('/', paths.signup)).toBe('/signup');
  });
});
