// The four header links (docs/product.md section 2), shared by the desktop bar and the mobile menu.
import { msg } from '@lingui/core/macro';
import { paths } from '@web/app/paths';

export const NAV_LINKS = [
  { to: paths.home, label: msg`Home`, end: true },
  { to: paths.products, label: msg`All Products`, end: false },
  { to: paths.contact, label: msg`Contact us`, end: false },
  { to: paths.about, label: msg`About us`, end: false },
] as const;
