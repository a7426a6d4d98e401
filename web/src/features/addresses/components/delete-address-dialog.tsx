// The delete confirmation of docs/product.md section 2, with the section 8 messages for each way deleting can fail.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { Address } from '@server/modules/addresses/addresses.schema';
import { Dialog } from '@web/components/ui/dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { deleteAddress } from '../api/addresses-api';

interface DeleteAddressDialogProps {
  address: Address | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}

function deleteFailure(status: number): string {
  if (status === 401) return t`Please login to delete address`;
  if (status === 404) return t`Address not found`;
  return t`Failed to delete address`;
}

export function DeleteAddressDialog({ address, onClose, onDeleted }: DeleteAddressDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!address?._id) {
      toast.error(t`Address ID is required`);
      return;
    }
    setBusy(true);
    try {
      await deleteAddress(address._id);
      toast.success(t`Address deleted successfully`);
      onDeleted(address._id);
    } catch (error) {
      const apiError = await toApiError(error, t`Failed to delete address`);
      toast.error(deleteFailure(apiError.status));
      // Already gone (deleted in another tab): drop it from the list too.
      if (apiError.status === 404) onDeleted(address._id);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={Boolean(address)}
      onClose={onClose}
      title={t`Are you sure?`}
      description={t`This action cannot be undone. This will permanently delete your address.`}
      maxWidth={440}
    >
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t`Cancel`}
        </Button>
        <Button variant="danger" busy={busy} onClick={confirm}>
          {busy ? t`Deleting...` : t`Delete`}
        </Button>
      </div>
    </Dialog>
  );
}
