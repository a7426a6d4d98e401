// The footer (docs/product.md section 2): site links, three placeholder policy links and the shop's contact
// details from GET /api/config.
import { msg, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { MailIcon, MapPinIcon, PhoneIcon } from '@web/components/ui/icons';
import { FALLBACK_ADDRESS, useShopConfig } from '@web/lib/shop-config';
import { SiteLogo } from './site-logo';

const SITE_LINKS = [
  { to: paths.home, label: msg`Home` },
  { to: paths.products, label: msg`All Products` },
  { to: paths.contact, label: msg`Contact` },
  { to: paths.about, label: msg`About` },
];

// Placeholders until the policies are written; they keep their place in the footer but go nowhere.
const POLICY_LINKS = [msg`Privacy Policy`, msg`Terms of Service`, msg`Delivery Policy`];

export function Footer() {
  const config = useShopConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer-grid">
        <div className="site-footer-brand">
          <SiteLogo />
          <p>{t`Fresh produce and groceries from local farmers and producers, delivered to your door in Kigali.`}</p>
        </div>
        <nav aria-label={t`Footer`}>
          <h2 className="site-footer-heading">{t`Quick Links`}</h2>
          <ul>
            {SITE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{i18n._(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer-heading">{t`Policies`}</h2>
          <ul>
            {POLICY_LINKS.map((label) => (
              <li key={label.id}>
                <a href="#" onClick={(event) => event.preventDefault()}>
                  {i18n._(label)}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <address className="site-footer-contact">
          <h2 className="site-footer-heading">{t`Contact Us`}</h2>
          <p>
            <MapPinIcon size={16} />
            <span>{config?.address || FALLBACK_ADDRESS}</span>
          </p>
          {config?.supportPhone && (
            <p>
              <PhoneIcon size={16} />
              <a href={`tel:${config.supportPhone.replace(/\s/g, '')}`}>{config.supportPhone}</a>
            </p>
          )}
          {config?.supportEmail && (
            <p>
              <MailIcon size={16} />
              <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
            </p>
          )}
        </address>
      </div>
      <div className="site-footer-bottom">
        <div className="container">
          <p>{t`© ${year} ${config?.shopName || 'Isoko'}. All rights reserved.`}</p>
        </div>
      </div>
    </footer>
  );
}
