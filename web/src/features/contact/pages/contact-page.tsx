// Contact (docs/product.md section 2): the form, the shop's contact details (from GET /api/config) and the
// vendor prompt. The page fades in after 100 ms.
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { ArrowLeftIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon, StoreIcon } from '@web/components/ui/icons';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { FALLBACK_ADDRESS, useShopConfig } from '@web/lib/shop-config';
import { ContactForm } from '../components/contact-form';
import '../contact.css';

export const FADE_IN_DELAY_MS = 100;
const vendorSuccess = () => t`Vendor information has been sent to your email!`;

function useFadeIn(delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return shown;
}

export default function ContactPage() {
  useDocumentTitle(t`Contact Us`);
  const shown = useFadeIn(FADE_IN_DELAY_MS);
  const config = useShopConfig();
  const [vendorSent, setVendorSent] = useState(false);

  function requestVendorInfo() {
    // The vendor prompt makes no call (docs/product.md section 2): it only confirms.
    setVendorSent(true);
    toast.success(vendorSuccess());
  }

  return (
    <div className={`container page contact-page${shown ? ' contact-page-shown' : ''}`}>
      <Link to={paths.home} className="back-link">
        <ArrowLeftIcon size={18} /> {t`Back to Home`}
      </Link>
      <h1 className="page-title">{t`Contact Us`}</h1>
      <p className="muted contact-intro">{t`Questions about an order, a product or delivery? Send us a message.`}</p>
      <div className="contact-grid">
        <ContactForm />
        <div className="contact-side">
          <section className="card" aria-labelledby="contact-info-title">
            <h2 id="contact-info-title" className="contact-card-title">
              {t`Contact Information`}
            </h2>
            <ul className="contact-details">
              <li>
                <MapPinIcon size={18} />
                <span>
                  <strong>{t`Address`}</strong>
                  <br />
                  {config?.address || FALLBACK_ADDRESS}
                </span>
              </li>
              <li>
                <PhoneIcon size={18} />
                <span>
                  <strong>{t`Phone`}</strong>
                  <br />
                  {config?.supportPhone ? <a href={`tel:${config.supportPhone.replace(/\s/g, '')}`}>{config.supportPhone}</a> : '...'}
                </span>
              </li>
              <li>
                <MailIcon size={18} />
                <span>
                  <strong>{t`Email`}</strong>
                  <br />
                  {config?.supportEmail ? <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> : '...'}
                </span>
              </li>
              <li>
                <ClockIcon size={18} />
                <span>
                  <strong>{t`Hours`}</strong>
                  <br />
                  {/* The delivery schedule's days and times (GET /api/config): never a second list of hours here. */}
                  {config?.hours || '...'}
                </span>
              </li>
            </ul>
          </section>
          <section className="card vendor-card" aria-labelledby="vendor-title">
            <h2 id="vendor-title" className="contact-card-title">
              <StoreIcon size={20} /> {t`Looking to Become a Vendor?`}
            </h2>
            <p>{t`Farmers and producers in Rwanda: sell your produce to shoppers across Kigali through Isoko.`}</p>
            {vendorSent && (
              <p className="form-message form-message-success" role="status">
                {vendorSuccess()}
              </p>
            )}
            <button type="button" className="btn btn-secondary" onClick={requestVendorInfo}>
              {t`Get Vendor Information`}
            </button>
          </section>
        </div>
      </div>
    </div>
  );
}
