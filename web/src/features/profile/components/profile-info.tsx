// Tab 'Profile Information': the shopper's details, read-only, and the button that opens the edit panel.
import { t } from '@lingui/core/macro';
import { Button } from '@web/components/ui/button';
import { EditIcon } from '@web/components/ui/icons';
import type { Account } from '../api/profile-api';

export function ProfileInfo({ account, onEdit }: { account: Account; onEdit: () => void }) {
  return (
    <section className="card profile-panel" aria-labelledby="profile-info-title">
      <div className="profile-panel-head">
        <h2 id="profile-info-title">{t`Profile Information`}</h2>
        <Button variant="secondary" icon={<EditIcon size={16} aria-hidden="true" />} onClick={onEdit}>
          {t`Edit Information`}
        </Button>
      </div>
      <dl className="profile-facts">
        <div>
          <dt>{t`Full name`}</dt>
          <dd>{account.fullName}</dd>
        </div>
        <div>
          <dt>{t`Email`}</dt>
          <dd>{account.email || t`Not provided`}</dd>
        </div>
        <div>
          <dt>{t`Phone`}</dt>
          <dd>{account.phoneNumber || t`Not provided`}</dd>
        </div>
      </dl>
    </section>
  );
}
