// Add or edit an address in a dialog (600px wide at most, docs/product.md section 9). It saves through the
// API itself, so address management and checkout get the same messages (docs/product.md section 8) and hand
// back the saved address.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { Address, AddressInput } from '@server/modules/addresses/addresses.schema';
import { Dialog } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { toApiError, type ApiFieldError } from '@web/lib/api-client';
import { useSignedInUser } from '@web/features/auth';
import { createAddress, updateAddress } from '../api/addresses-api';
import { AddressForm } from './address-form';
import '../addresses.css';

interface AddressFormDialogProps {
  open: boolean;
  /** The address being edited; absent for a new one. */
  address?: Address | null;
  title?: string;
  onClose: () => void;
  onSaved: (address: Address) => void;
}

export function AddressFormDialog({ open, address, title, onClose, onSaved }: AddressFormDialogProps) {
  // A new address offers the phone the shopper gave at sign-up (or since, in the profile): the usual delivery number.
  const accountPhone = useSignedInUser()?.phoneNumber;
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<ApiFieldError[]>([]);
  const editing = Boolean(address);

  async function save(input: AddressInput) {
    setBusy(true);
    setServerErrors([]);
    try {
      const saved = editing && address ? await updateAddress(address._id, input) : await createAddress(input);
      toast.success(editing ? t`Address updated successfully` : t`Address added successfully!`);
      onSaved(saved);
    } catch (error) {
      const apiError = await toApiError(error, editing ? t`Failed to update address` : t`Failed to add address`);
      setServerErrors(apiError.errors);
      toast.error(editing ? t`Failed to update address` : t`Failed to add address`);
    } finally {
      setBusy(false);
    }
  }

  function close() {
    setServerErrors([]);
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} title={title ?? (editing ? t`Edit Address` : t`Add New Address`)} maxWidth={600}>
      {/* The key remounts the form for each address, so opening it again starts from that address. */}
      <AddressForm
        key={address?._id ?? `new-${accountPhone ?? ''}`}
        initial={address ?? { phoneNumber: accountPhone ?? '' }}
        submitLabel={editing ? t`Update Address` : t`Save Address`}
        busyLabel={t`Saving...`}
        busy={busy}
        serverErrors={serverErrors}
        onSubmit={save}
        onCancel={close}
      />
    </Dialog>
  );
}
