// Three promises under the hero (docs/product.md section 2).
import { msg, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { LeafIcon, ReturnIcon, TruckIcon } from '@web/components/ui/icons';

const FEATURES = [
  { title: msg`Fresh Selection`, text: msg`Produce picked by local farmers and brought to you fresh.`, Icon: LeafIcon },
  { title: msg`Fast Delivery`, text: msg`Same-day delivery in Kigali for orders placed before 2 PM.`, Icon: TruckIcon },
  { title: msg`Easy Returns`, text: msg`Not right? Tell us and we make it right, no fuss.`, Icon: ReturnIcon },
];

export function FeatureCards() {
  return (
    <section className="container section feature-cards" aria-label={t`Why shop with us`}>
      {FEATURES.map(({ title, text, Icon }) => (
        <div key={title.id} className="card feature-card">
          <span className="feature-card-icon" aria-hidden="true">
            <Icon size={26} />
          </span>
          <div>
            <h2 className="feature-card-title">{i18n._(title)}</h2>
            <p className="muted">{i18n._(text)}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
