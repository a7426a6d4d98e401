// The guard of actions a guest may not take (add to cart, rate, buy now; docs/product.md section 5): the shopper is told
// why and sent to sign in, with a way back to the page they were on. It is auth's rule, not the cart's.
import { toast } from '@web/components/ui/toast';
import { storage } from '@web/lib/storage';
import { paths } from '@web/app/paths';

/** Full page loads (session expiry, logout without a router); an object so tests can watch it. */
export const browserNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

type Navigate = (to: string) => void;
// The app registers the router's navigate; until then (and in tests) a full page load does the job.
let navigateTo: Navigate = (to) => browserNavigation.assign(to);

/** Lets the guard use client-side navigation instead of reloading the page. */
export function setLoginNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

/** True when signed in; otherwise a toast with `message` and a trip to the login page and back. */
export function requireLogin(message: string): boolean {
  if (storage.getToken()) return true;
  toast.error(message);
  const { pathname, search } = window.location;
  navigateTo(paths.loginFor(`${pathname}${search}`));
  return false;
}
