// One saved address with labelled edit and delete icon buttons.
import { t } from '@lingui/core/macro';
import type { Address } from '@server/modules/addresses/addresses.schema';
import { IconButton } from '@web/components/ui/button';
import { EditIcon, TrashIcon } from '@web/components/ui/icons';
import { AddressSummary } from './address-summary';

interface AddressCardProps {
  address: Address;
  onEdit: (address: Address) => void;
  onDelete: (address: Address) => void;
}

export function AddressCard({ address, onEdit, onDelete }: AddressCardProps) {
  return (
    <li className="card address-card">
      <div className="address-card-body">
        {address.isDefault ? <span className="badge address-default-badge">{t`Default`}</span> : null}
        <AddressSummary address={address} />
      </div>
      <div className="address-card-actions">
        <IconButton label={t`Edit address ${address.description}`} onClick={() => onEdit(address)}>
          <EditIcon size={18} />
        </IconButton>
        <IconButton label={t`Delete address ${address.description}`} onClick={() => onDelete(address)}>
          <TrashIcon size={18} />
        </IconButton>
      </div>
    </li>
  );
}
