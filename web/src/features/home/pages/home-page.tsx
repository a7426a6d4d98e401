// Home (docs/product.md section 2): a 1 s splash, then hero, feature cards, categories, featured and popular products,
// an About teaser and the newsletter. The first screen renders under the splash so it is ready when it lifts; the
// sections below it load as the shopper scrolls towards them (docs/performance-web.md: a first visit on a slow
// link does not download a screen of products and their pictures it may never see).
import { t } from '@lingui/core/macro';
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { FeatureCards } from '../components/feature-cards';
import { HeroSlider } from '../components/hero-slider';
import { Splash, useSplash } from '../components/splash';
import { withMessages } from '@web/lib/i18n/i18n';
import { useSeen } from '../use-seen';
// home.css is imported by app/router.tsx so it arrives with the entry stylesheet: a dynamic chunk with
// its own CSS waits for that file before rendering, one more round trip before the hero can paint.

/** Sections that cannot load (offline, never seen online): nothing, rather than the page's error screen. */
const NoSections: ComponentType = () => null;
const HomeSections = lazy<ComponentType>(() => withMessages(() => import('../components/home-sections'))().catch(() => ({ default: NoSections })));

/** Everything below the hero and the feature cards, once it comes within a short scroll of the screen. */
function BelowTheFold() {
  const { ref, seen } = useSeen<HTMLDivElement>('100px 0px');
  // The placeholder holds roughly the sections' height so the footer does not jump up and back.
  if (!seen) return <div ref={ref} className="home-sections-placeholder" />;
  return (
    <Suspense fallback={<div className="home-sections-placeholder" />}>
      <HomeSections />
    </Suspense>
  );
}

/** Performance marks the paint benchmarks read: 'hero-visible' once the splash is gone and the first
 *  slide's picture has arrived; 'hero-painted' once that picture is on the page at all. */
function useHeroVisibleMark(splashVisible: boolean) {
  const imageReady = useRef(false);
  const marked = useRef(false);
  const markIfReady = () => {
    if (marked.current || splashVisible || !imageReady.current) return;
    marked.current = true;
    // Wait for the frame that shows it, not just the state change.
    requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('hero-visible')));
  };
  useEffect(markIfReady);
  return () => {
    imageReady.current = true;
    // The hero is on the page, under the splash docs/product.md keeps for its first second: how soon the
    // page itself is ready (a repeat visit from the phone's own copy), apart from that fixed second.
    requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('hero-painted')));
    markIfReady();
  };
}

export default function HomePage() {
  useDocumentTitle(t`Fresh groceries delivered in Kigali`);
  const splashVisible = useSplash();
  const onFirstImage = useHeroVisibleMark(splashVisible);

  return (
    <div className="home">
      {splashVisible && <Splash name="Isoko" />}
      <HeroSlider onFirstImage={onFirstImage} />
      <FeatureCards />
      <BelowTheFold />
    </div>
  );
}
