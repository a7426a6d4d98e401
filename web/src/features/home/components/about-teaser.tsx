// A short About block on the home page; Learn More goes to /about.
import { t } from '@lingui/core/macro';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';

export function AboutTeaser() {
  return (
    <section className="container section" aria-labelledby="about-teaser-title">
      <div className="card about-teaser">
        <h2 id="about-teaser-title" className="section-title">
          {t`About Isoko`}
        </h2>
        <p>
          {t`We bring fresh produce and groceries from local farmers and producers straight to homes in Kigali: same-day delivery, scheduled deliveries, meal plans and easy returns.`}
        </p>
        <Link to={paths.about} className="btn btn-secondary">
          {t`Learn More`}
        </Link>
      </div>
    </section>
  );
}
