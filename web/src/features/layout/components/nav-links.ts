// The four header links (docs/product.md section 2), shared by the desktop bar and the mobile menu.
import { paths } from '@web/app/paths';

export const NAV_LINKS = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.products, label: 'All Products', end: false },
  { to: paths.contact, label: 'Contact us', end: false },
  { to: paths.about, label: 'About us', end: false },
] as const;
