// An address in a few lines: description, street, sector (when given), district, city (docs/product.md section 2, checkout
// summary) and phone.
import type { Address } from '@server/modules/addresses/addresses.schema';

export function AddressSummary({ address }: { address: Address }) {
  return (
    <address className="address-summary">
      <strong>{address.description}</strong>
      <span>{address.street}</span>
      <span>{[address.sector, address.district, address.city].filter(Boolean).join(', ')}</span>
      <span>{address.phoneNumber}</span>
    </address>
  );
}
