// About (docs/product.md section 2): mission, values, services, and the way back home.
import { msg, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { ArrowLeftIcon, ChatIcon, ClockIcon, HeartIcon, LeafIcon, PackageIcon, PhoneIcon, StoreIcon, TruckIcon } from '@web/components/ui/icons';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import '../about.css';

const VALUES = [
  { title: msg`Quality First`, text: msg`We check every delivery so only fresh, good food reaches your kitchen.`, Icon: LeafIcon },
  { title: msg`Supporting Local`, text: msg`We buy from farmers and producers across Rwanda and pay them fairly.`, Icon: StoreIcon },
  { title: msg`Customer Satisfaction`, text: msg`If something is not right, we make it right: easy returns, real people.`, Icon: HeartIcon },
];

const SERVICES = [
  { title: msg`Same-Day Delivery`, text: msg`Order before 2 PM and receive your groceries the same day.`, Icon: TruckIcon },
  { title: msg`Scheduled Delivery`, text: msg`Set up recurring deliveries on the days that suit you.`, Icon: ClockIcon },
  { title: msg`Customized Meal Plans`, text: msg`Weekly baskets planned around your family and budget.`, Icon: PackageIcon },
  { title: msg`Contactless Payment`, text: msg`Pay on delivery with mobile money, no cash needed.`, Icon: PhoneIcon },
];

export default function AboutPage() {
  useDocumentTitle(t`About Us`);
  return (
    <div className="container page about-page">
      <Link to={paths.home} className="back-link">
        <ArrowLeftIcon size={18} /> {t`Back to Home`}
      </Link>
      <h1 className="page-title">{t`About Isoko`}</h1>
      <section className="card about-mission" aria-labelledby="mission-title">
        <h2 id="mission-title">{t`Our Mission`}</h2>
        <p>
          {t`Isoko means "market" in Kinyarwanda. We bring the freshest produce and groceries from local farmers and producers to homes across Kigali, so families eat well and farmers earn more. Shop on the web, in our chat or by USSD from any phone; we deliver to your door.`}
        </p>
      </section>
      <section className="section" aria-labelledby="values-title">
        <h2 id="values-title" className="section-title">
          {t`Our Values`}
        </h2>
        <AboutCards items={VALUES} />
      </section>
      <section className="section" aria-labelledby="services-title">
        <h2 id="services-title" className="section-title">
          {t`Our Services`}
        </h2>
        <AboutCards items={SERVICES} className="about-grid-4" />
      </section>
      <div className="card about-cta">
        <ChatIcon size={22} />
        <p>
          {t`Questions?`} <Link to={paths.contact}>{t`Contact us`}</Link> {t`or start shopping in`}{' '}
          <Link to={paths.products}>{t`All Products`}</Link>.
        </p>
      </div>
    </div>
  );
}

/** A grid of cards, each an icon, a title and a line (Our Values, Our Services). */
function AboutCards({ items, className = '' }: { items: typeof VALUES; className?: string }) {
  return (
    <ul className={`about-grid ${className} plain-list`.replace(/\s+/g, ' ')}>
      {items.map(({ title, text, Icon }) => (
        <li key={title.id} className="card about-item">
          <span className="about-icon" aria-hidden="true">
            <Icon size={24} />
          </span>
          <h3>{i18n._(title)}</h3>
          <p className="muted">{i18n._(text)}</p>
        </li>
      ))}
    </ul>
  );
}
