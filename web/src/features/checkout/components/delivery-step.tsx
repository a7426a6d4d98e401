// Step 2: pick a saved address (the default first), or add one in the shared New Address dialog, and
// the delivery window (the earliest free one first).
import { t } from '@lingui/core/macro';
import { useId, type ReactNode } from 'react';
import type { Address } from '@server/modules/addresses/addresses.schema';
import { Button } from '@web/components/ui/button';
import { PlusIcon } from '@web/components/ui/icons';
import { AddressSummary } from '@web/features/addresses';

interface DeliveryStepProps {
  addresses: Address[];
  loading: boolean;
  selectedId: string;
  onSelect: (id: string) => void;
  onNewAddress: () => void;
  onBack: () => void;
  onPlaceOrder: () => void;
  placing: boolean;
  /** The delivery window chosen, with the picker's own props. */
  windowPicker: ReactNode;
}

function optionLabel(address: Address): string {
  const place = `${address.description}: ${address.street}, ${address.district}`;
  return address.isDefault ? t`${place} (Default)` : place;
}

export function DeliveryStep(props: DeliveryStepProps) {
  const { addresses, loading, selectedId, onSelect, onNewAddress, onBack, onPlaceOrder, placing, windowPicker } = props;
  const selectId = useId();
  const selected = addresses.find((address) => address._id === selectedId);
  return (
    <section className="card checkout-step" aria-labelledby="delivery-title">
      <h2 id="delivery-title" className="checkout-step-title">
        {t`Delivery Address`}
      </h2>
      {loading ? <p>{t`Loading addresses...`}</p> : null}
      {!loading && addresses.length === 0 ? <p>{t`You have no saved addresses yet. Add one to continue.`}</p> : null}
      {addresses.length > 0 ? (
        <div className="field">
          <label className="field-label" htmlFor={selectId}>
            {t`Saved addresses`}
          </label>
          <select
            id={selectId}
            className="input"
            value={selectedId}
            onChange={(event) => onSelect(event.target.value)}
            disabled={placing}
          >
            <option value="">{t`Select an address`}</option>
            {addresses.map((address) => (
              <option key={address._id} value={address._id}>
                {optionLabel(address)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Button variant="secondary" icon={<PlusIcon size={18} aria-hidden="true" />} onClick={onNewAddress} disabled={placing}>
        {t`New Address`}
      </Button>
      {selected ? (
        <div className="selected-address" aria-live="polite">
          <h3>{t`Deliver to`}</h3>
          <AddressSummary address={selected} />
        </div>
      ) : null}
      {windowPicker}
      <div className="checkout-actions">
        <Button variant="ghost" onClick={onBack} disabled={placing}>
          {t`Back to Payment`}
        </Button>
        <Button onClick={onPlaceOrder} busy={placing}>
          {placing ? t`Placing Order...` : t`Place Order`}
        </Button>
      </div>
    </section>
  );
}
