// The hero (docs/product.md section 2): three slides turning every 3 s, dots to pick one, Shop Now to all products.
// Only the visible slide's picture is requested first; the next one follows once the first has arrived.
import { msg, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { Image } from '@web/components/ui/image';

export const HERO_INTERVAL_MS = 3000;

export const HERO_SLIDES = [
  {
    title: msg`Fresh Vegetables & Fruits`,
    text: msg`Farm-fresh produce from local farmers, delivered to your doorstep.`,
    image: '/hero/fresh-produce.svg',
  },
  {
    title: msg`Quality Grocery Products`,
    text: msg`A premium selection of grocery items for every kitchen in Kigali.`,
    image: '/hero/grocery-products.svg',
  },
  {
    title: msg`Fast & Reliable Delivery`,
    text: msg`Orders delivered within hours of placing them.`,
    image: '/hero/fast-delivery.svg',
  },
] as const;

interface HeroSliderProps {
  /** Called once, when the first slide's picture is on screen (the paint benchmark listens for it). */
  onFirstImage?: () => void;
}

export function HeroSlider({ onFirstImage }: HeroSliderProps) {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  // Which slides may request their picture: the first at once, the rest when they are next up.
  const [allowed, setAllowed] = useState<Set<number>>(() => new Set([0]));
  const firstReported = useRef(false);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setActive((index) => (index + 1) % HERO_SLIDES.length), HERO_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused]);

  useEffect(() => {
    setAllowed((current) => (current.has(active) ? current : new Set(current).add(active)));
  }, [active]);

  function handleLoaded(index: number) {
    if (index === 0 && !firstReported.current) {
      firstReported.current = true;
      onFirstImage?.();
    }
    // The picture on screen has arrived: now fetch the next one before it is needed.
    const next = (index + 1) % HERO_SLIDES.length;
    setAllowed((current) => (current.has(next) ? current : new Set(current).add(next)));
  }

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={t`Highlights`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {HERO_SLIDES.map((slide, index) => (
        <div
          key={slide.image}
          className={`hero-slide${index === active ? ' hero-slide-active' : ''}`}
          role="group"
          aria-roledescription="slide"
          aria-label={t`${index + 1} of ${HERO_SLIDES.length}`}
          aria-hidden={index !== active}
        >
          {allowed.has(index) && (
            <Image
              src={slide.image}
              alt=""
              width={1200}
              height={600}
              priority={index === 0}
              className="hero-image"
              onLoad={() => handleLoaded(index)}
            />
          )}
          <div className="container hero-content">
            <div className="hero-card">
              {index === 0 ? <h1 className="hero-title">{i18n._(slide.title)}</h1> : <h2 className="hero-title">{i18n._(slide.title)}</h2>}
              <p className="hero-text">{i18n._(slide.text)}</p>
              <Link to={paths.products} className="btn btn-primary btn-lg" tabIndex={index === active ? 0 : -1}>
                {t`Shop Now`}
              </Link>
            </div>
          </div>
        </div>
      ))}
      <div className="hero-dots">
        {HERO_SLIDES.map((slide, index) => (
          <button
            key={slide.image}
            type="button"
            className="hero-dot"
            aria-label={t`Show slide ${index + 1}: ${i18n._(slide.title)}`}
            aria-current={index === active}
            onClick={() => setActive(index)}
          />
        ))}
      </div>
    </section>
  );
}
