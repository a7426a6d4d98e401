// /admin/staff: who holds the staff role; grant it to an existing account by e-mail or phone, or take
// it away (never from yourself: the server refuses that).
import { useState, type FormEvent } from 'react';
import { grantStaffSchema, type StaffMember } from '@server/modules/users/staff-members.schema';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { toApiError } from '@web/lib/api-client';
import { fetchStaff, grantStaff, revokeStaff } from '../api/staff-api';
import { Field } from '../components/form-fields';
import { LoadState } from '../components/load-state';
import { formatDateTime } from '../format';
import { useRemote } from '../use-remote';

export default function StaffPage() {
  useDocumentTitle('Staff');
  const { state, reload, replace } = useRemote(async () => (await fetchStaff()).staff, [], 'Could not load the staff');
  const [identifier, setIdentifier] = useState('');
  const [error, setError] = useState('');
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);

  async function grant(event: FormEvent) {
    event.preventDefault();
    const parsed = grantStaffSchema.safeParse({ identifier });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter an e-mail or phone number');
      return;
    }
    setError('');
    setGranting(true);
    try {
      const result = await grantStaff(parsed.data.identifier);
      const others = (state.data ?? []).filter((member) => member._id !== result.member._id);
      replace([...others, result.member]);
      setIdentifier('');
      toast.success(result.message);
    } catch (failure) {
      const apiError = await toApiError(failure, 'Could not give staff access');
      if (apiError.error !== 'unauthorized') setError(apiError.message);
    } finally {
      setGranting(false);
    }
  }

  async function revoke(member: StaffMember) {
    if (!window.confirm(`Take staff access away from ${member.fullName}?`)) return;
    setRevoking(member._id);
    try {
      const result = await revokeStaff(member._id);
      replace((state.data ?? []).filter((item) => item._id !== member._id));
      toast.success(result.message);
    } catch (failure) {
      const apiError = await toApiError(failure, 'Could not remove staff access');
      if (apiError.error !== 'unauthorized') toast.error(apiError.message);
    } finally {
      setRevoking(null);
    }
  }

  return (
    <div className="staff-page">
      <h1 className="page-title">Staff</h1>
      <form className="card staff-form staff-narrow" onSubmit={grant} noValidate>
        <h2 className="staff-section-title">Give staff access</h2>
        <p className="muted">The person must already have an Isoko account (signed up on the web, chat or USSD).</p>
        <Field
          label="E-mail or phone number"
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
          error={error}
          autoComplete="off"
        />
        <Button type="submit" busy={granting}>
          Give access
        </Button>
      </form>
      <LoadState state={state} onRetry={() => void reload()} label="Loading staff..." />
      {state.data ? (
        <ul className="staff-list" aria-label="Staff members">
          {state.data.map((member) => (
            <li key={member._id} className="staff-row">
              <span className="staff-row-title">{member.fullName}</span>
              <span className="staff-row-meta">
                {[member.email, member.phoneNumber].filter(Boolean).join(' · ')}
                {member.staffSince ? ` · staff since ${formatDateTime(member.staffSince)}` : ''}
              </span>
              <Button
                size="sm"
                variant="danger"
                busy={revoking === member._id}
                aria-label={`Remove access: ${member.fullName}`}
                onClick={() => void revoke(member)}
              >
                Remove access
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
