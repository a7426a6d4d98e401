// An address in a few lines: description, street, district, city (docs/product.md section 2, checkout
// summary) and phone.
import type { Address } from '@server/modules/addresses/addresses.schema';

export function AddressSummary({ address }: { address: Address }) {
  return (
    <address className="address-summary">
      <strong>{address.description}</strong>
      <span>{address.street}</span>
      <span>
        {address.district}, {address.city}
      </span>
      <span>{address.phoneNumber}</span>
    </address>
  );
}
