// Three promises under the hero (docs/product.md section 2).
import { LeafIcon, ReturnIcon, TruckIcon } from '@web/components/ui/icons';

const FEATURES = [
  { title: 'Fresh Selection', text: 'Produce picked by local farmers and brought to you fresh.', Icon: LeafIcon },
  { title: 'Fast Delivery', text: 'Same-day delivery in Kigali for orders placed before 2 PM.', Icon: TruckIcon },
  { title: 'Easy Returns', text: 'Not right? Tell us and we make it right, no fuss.', Icon: ReturnIcon },
];

export function FeatureCards() {
  return (
    <section className="container section feature-cards" aria-label="Why shop with us">
      {FEATURES.map(({ title, text, Icon }) => (
        <div key={title} className="card feature-card">
          <span className="feature-card-icon" aria-hidden="true">
            <Icon size={26} />
          </span>
          <div>
            <h2 className="feature-card-title">{title}</h2>
            <p className="muted">{text}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
