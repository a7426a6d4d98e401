// 'Explore Our Categories' (docs/product.md section 2): a sideways-scrolling row of categories with buttons
// that move it 400px.
import { t } from '@lingui/core/macro';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { ChevronLeftIcon, ChevronRightIcon } from '@web/components/ui/icons';
import { Image } from '@web/components/ui/image';
import { Spinner } from '@web/components/ui/spinner';
import { getCategories, type Category } from '@web/features/catalog';
import { useRemote } from '@web/lib/use-remote';

export const CAROUSEL_SCROLL_PX = 400;

const loadCategories = (signal: AbortSignal) => getCategories(signal).then((response) => response.categories ?? []);

export function CategoryCarousel() {
  const { state } = useRemote<Category[]>(loadCategories, [], t`Failed to fetch categories`);
  const track = useRef<HTMLUListElement>(null);

  function scrollBy(delta: number) {
    track.current?.scrollBy({ left: delta, behavior: 'smooth' });
  }

  return (
    <section className="container section" aria-labelledby="categories-title">
      <div className="section-header">
        <h2 id="categories-title" className="section-title">
          {t`Explore Our Categories`}
        </h2>
        <div className="carousel-buttons">
          <button type="button" className="btn btn-secondary btn-icon btn-sm" aria-label={t`Scroll categories left`} onClick={() => scrollBy(-CAROUSEL_SCROLL_PX)}>
            <ChevronLeftIcon size={18} />
          </button>
          <button type="button" className="btn btn-secondary btn-icon btn-sm" aria-label={t`Scroll categories right`} onClick={() => scrollBy(CAROUSEL_SCROLL_PX)}>
            <ChevronRightIcon size={18} />
          </button>
        </div>
      </div>
      {state.status === 'loading' && (
        <div className="state-message">
          <Spinner label={t`Loading categories...`} />
        </div>
      )}
      {state.status === 'error' && (
        <p className="state-message state-error" role="alert">
          {state.error.message}
        </p>
      )}
      {state.status === 'ready' && state.data.length === 0 && <p className="state-message">{t`No categories available`}</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="category-track plain-list" ref={track}>
          {state.data.map((category) => (
            <li key={category._id} className="category-tile">
              <Link to={paths.category(category.name)} className="category-tile-link">
                <Image src={category.image} alt="" width={240} height={160} />
                <span className="category-tile-name">{category.name}</span>
                <span className="category-tile-description">{category.description || t`Explore our range of products`}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
