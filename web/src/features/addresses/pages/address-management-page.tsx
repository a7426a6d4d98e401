// /address-management (docs/product.md section 2): the shopper's saved delivery addresses; add, edit and delete them.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Address } from '@server/modules/addresses/addresses.schema';
import { Button } from '@web/components/ui/button';
import { PlusIcon, ArrowLeftIcon, MapPinIcon } from '@web/components/ui/icons';
import { LoadingBlock } from '@web/components/ui/spinner';
import { paths } from '@web/app/paths';
import { toastOnFailure, useRemote } from '@web/lib/use-remote';
import { fetchAddresses } from '../api/addresses-api';
import { AddressCard } from '../components/address-card';
import { AddressFormDialog } from '../components/address-form-dialog';
import { DeleteAddressDialog } from '../components/delete-address-dialog';
import { useVerifiedSession } from '../hooks/use-verified-session';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import '../addresses.css';

export default function AddressManagementPage() {
  useDocumentTitle(t`Address Management`);
  const verified = useVerifiedSession();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Address | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  // Nothing is asked until the session is verified.
  const { state: list, reload, replace } = useRemote(
    toastOnFailure(t`Failed to fetch addresses`, fetchAddresses),
    [],
    t`Failed to load addresses`,
    verified,
  );
  const state = list.status;
  const addresses = list.data ?? [];

  function openNew() {
    setEditing(null);
    setFormOpen(true);
  }

  function openEdit(address: Address) {
    setEditing(address);
    setFormOpen(true);
  }

  return (
    <div className="container address-page">
      <Link to={paths.profile} className="back-link">
        <ArrowLeftIcon size={16} aria-hidden="true" /> {t`Back to Profile`}
      </Link>
      <div className="address-page-head">
        <h1 className="page-title">{t`Manage Addresses`}</h1>
        <Button icon={<PlusIcon size={18} aria-hidden="true" />} onClick={openNew} disabled={!verified}>
          {t`Add New Address`}
        </Button>
      </div>

      {!verified || state === 'loading' ? <LoadingBlock label={t`Loading addresses...`} /> : null}
      {verified && state === 'error' ? (
        <div className="address-empty" role="alert">
          <p>{t`Failed to load addresses`}</p>
          <Button variant="secondary" onClick={() => void reload()}>
            {t`Try Again`}
          </Button>
        </div>
      ) : null}
      {verified && state === 'ready' && addresses.length === 0 ? (
        <div className="card address-empty">
          <MapPinIcon size={32} aria-hidden="true" />
          <p>{t`You have no saved addresses yet.`}</p>
          <Button onClick={openNew}>{t`Add New Address`}</Button>
        </div>
      ) : null}
      {verified && state === 'ready' && addresses.length > 0 ? (
        <ul className="address-list" aria-label={t`Saved addresses`}>
          {addresses.map((address) => (
            <AddressCard key={address._id} address={address} onEdit={openEdit} onDelete={setDeleting} />
          ))}
        </ul>
      ) : null}

      <AddressFormDialog
        open={formOpen}
        address={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          // Reload: saving a default address changes which other address is the default.
          void reload();
        }}
      />
      <DeleteAddressDialog
        address={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          setDeleting(null);
          replace(addresses.filter((address) => address._id !== id));
          void reload();
        }}
      />
    </div>
  );
}
