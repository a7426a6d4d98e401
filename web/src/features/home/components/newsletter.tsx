// The newsletter block (docs/product.md section 2): an email field and a Subscribe button. docs/product.md
// gives it no behaviour yet, so submitting only keeps the page where it is.
import { t } from '@lingui/core/macro';
import { useId } from 'react';

export function Newsletter() {
  const inputId = useId();
  return (
    <section className="section newsletter" aria-labelledby="newsletter-title">
      <div className="container newsletter-inner">
        <div>
          <h2 id="newsletter-title" className="section-title">
            {t`Stay in the loop`}
          </h2>
          <p>{t`Fresh arrivals, seasonal offers and recipes from our farmers.`}</p>
        </div>
        <form className="newsletter-form" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={inputId} className="visually-hidden">
            {t`Email address`}
          </label>
          <input id={inputId} type="email" className="input" placeholder={t`Your email address`} autoComplete="email" />
          <button type="submit" className="btn btn-primary">
            {t`Subscribe`}
          </button>
        </form>
      </div>
    </section>
  );
}
