// About (docs/product.md section 2): mission, values, services, and the way back home.
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { ArrowLeftIcon, ChatIcon, ClockIcon, HeartIcon, LeafIcon, PackageIcon, PhoneIcon, StoreIcon, TruckIcon } from '@web/components/ui/icons';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import '../about.css';

const VALUES = [
  { title: 'Quality First', text: 'We check every delivery so only fresh, good food reaches your kitchen.', Icon: LeafIcon },
  { title: 'Supporting Local', text: 'We buy from farmers and producers across Rwanda and pay them fairly.', Icon: StoreIcon },
  { title: 'Customer Satisfaction', text: 'If something is not right, we make it right: easy returns, real people.', Icon: HeartIcon },
];

const SERVICES = [
  { title: 'Same-Day Delivery', text: 'Order before 2 PM and receive your groceries the same day.', Icon: TruckIcon },
  { title: 'Scheduled Delivery', text: 'Set up recurring deliveries on the days that suit you.', Icon: ClockIcon },
  { title: 'Customized Meal Plans', text: 'Weekly baskets planned around your family and budget.', Icon: PackageIcon },
  { title: 'Contactless Payment', text: 'Pay on delivery with mobile money, no cash needed.', Icon: PhoneIcon },
];

export default function AboutPage() {
  useDocumentTitle('About Us');
  return (
    <div className="container page about-page">
      <Link to={paths.home} className="back-link">
        <ArrowLeftIcon size={18} /> Back to Home
      </Link>
      <h1 className="page-title">About Isoko</h1>
      <section className="card about-mission" aria-labelledby="mission-title">
        <h2 id="mission-title">Our Mission</h2>
        <p>
          Isoko means "market" in Kinyarwanda. We bring the freshest produce and groceries from local farmers and
          producers to homes across Kigali, so families eat well and farmers earn more. Shop on the web, in our chat or
          by USSD from any phone; we deliver to your door.
        </p>
      </section>
      <section className="section" aria-labelledby="values-title">
        <h2 id="values-title" className="section-title">
          Our Values
        </h2>
        <AboutCards items={VALUES} />
      </section>
      <section className="section" aria-labelledby="services-title">
        <h2 id="services-title" className="section-title">
          Our Services
        </h2>
        <AboutCards items={SERVICES} className="about-grid-4" />
      </section>
      <div className="card about-cta">
        <ChatIcon size={22} />
        <p>
          Questions? <Link to={paths.contact}>Contact us</Link> or start shopping in{' '}
          <Link to={paths.products}>All Products</Link>.
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
        <li key={title} className="card about-item">
          <span className="about-icon" aria-hidden="true">
            <Icon size={24} />
          </span>
          <h3>{title}</h3>
          <p className="muted">{text}</p>
        </li>
      ))}
    </ul>
  );
}
