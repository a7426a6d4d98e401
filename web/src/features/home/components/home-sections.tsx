// Everything on the home page below the hero and the feature cards. A chunk of its own: it is below
// the fold on phones and desktops alike, so its code (and the product cards it brings) need not
// delay the first paint. It loads when the shopper scrolls near it (home-page.tsx BelowTheFold).
import { AboutTeaser } from './about-teaser';
import { CategoryCarousel } from './category-carousel';
import { FeaturedProducts } from './featured-products';
import { Newsletter } from './newsletter';
import { PopularProducts } from './popular-products';
import { LastOrderAgain } from '@web/features/orders';

export default function HomeSections() {
  return (
    <>
      {/* A returning shopper's last order, one button from the cart again. */}
      <LastOrderAgain />
      <CategoryCarousel />
      <FeaturedProducts />
      <PopularProducts />
      <AboutTeaser />
      <Newsletter />
    </>
  );
}
