// /admin/staff, the owner's page: who holds which role. An owner gives an existing account a role by
// e-mail or phone, adds or takes away each member's roles, or takes all of them away (never their own
// owner role: the server refuses that too, and always keeps an owner). Anyone else reads 'Owner only'.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { GRANTED_ROLES, ROLE_DUTIES, ROLE_NAMES, type GrantedRole } from '@server/modules/auth/role-lists.schema';
import { addRoleSchema, grantRoleSchema, type GrantRoleInput, type StaffMember } from '@server/modules/users/staff-members.schema';
import { Button, IconButton } from '@web/components/ui/button';
import { CloseIcon } from '@web/components/ui/icons';
import { LabelledField } from '@web/components/ui/labelled-field';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { toApiError } from '@web/lib/api-client';
import { addRole, fetchStaff, grantRole, removeMember, removeRole } from '../api/staff-api';
import { useConsoleAccount } from '../console-account';
import { Field } from '../components/form-fields';
import { LoadState } from '../components/load-state';
import { formatDateTime } from '../format';
import { useRemote } from '../use-remote';

type Reply = { message: string; member: StaffMember };

export default function StaffPage() {
  const { roles } = useConsoleAccount();
  return roles.includes('owner') ? <Team /> : <OwnerOnly />;
}

function OwnerOnly() {
  useDocumentTitle('Owner only');
  return (
    <div className="staff-page staff-narrow">
      <h1 className="page-title">Owner only</h1>
      <p>Only the shop's owner gives people roles and takes them away.</p>
      <p className="muted">Ask the owner if someone needs the console, or should no longer have it.</p>
    </div>
  );
}

function Team() {
  useDocumentTitle('Staff');
  const { id: ownId } = useConsoleAccount();
  const { state, reload, replace } = useRemote(async () => (await fetchStaff()).staff, [], 'Could not load the staff');
  const [working, setWorking] = useState<string | null>(null);

  /** The member as the server answered: in place, added at the end, or gone once they hold no role. */
  function show(member: StaffMember) {
    const team = state.data ?? [];
    const known = team.some((item) => item._id === member._id);
    const next = known ? team.map((item) => (item._id === member._id ? member : item)) : [...team, member];
    replace(next.filter((item) => item.roles.length > 0));
  }

  async function act(key: string, call: () => Promise<Reply>, fallback: string) {
    setWorking(key);
    try {
      const result = await call();
      show(result.member);
      toast.success(result.message);
    } catch (failure) {
      const apiError = await toApiError(failure, fallback);
      if (apiError.error !== 'unauthorized') toast.error(apiError.message);
    } finally {
      setWorking(null);
    }
  }

  function takeRole(member: StaffMember, role: GrantedRole) {
    if (!window.confirm(`Take the ${ROLE_NAMES[role].toLowerCase()} role away from ${member.fullName}?`)) return;
    void act(`${member._id}:${role}`, () => removeRole(member._id, role), 'Could not take the role away');
  }

  function takeAll(member: StaffMember) {
    if (!window.confirm(`Take every role away from ${member.fullName}? They keep their shopper's account.`)) return;
    void act(`${member._id}:all`, () => removeMember(member._id), 'Could not remove access');
  }

  return (
    <div className="staff-page">
      <h1 className="page-title">Staff</h1>
      <GrantForm
        onGranted={(result) => {
          show(result.member);
          toast.success(result.message);
        }}
      />
      <RoleGuide />
      <LoadState state={state} onRetry={() => void reload()} label="Loading staff..." />
      {state.data ? (
        <ul className="staff-list" aria-label="Staff members">
          {state.data.map((member) => {
            const own = member._id === ownId;
            return (
              <li key={member._id} className="staff-row staff-member">
                <span className="staff-row-title">
                  {member.fullName}
                  {own ? ' (you)' : ''}
                </span>
                <span className="staff-row-meta">
                  {[member.email, member.phoneNumber].filter(Boolean).join(' · ')}
                  {member.staffSince ? ` · on the team since ${formatDateTime(member.staffSince)}` : ''}
                </span>
                <ul className="staff-roles" aria-label={`Roles of ${member.fullName}`}>
                  {member.roles.map((role) => (
                    <li key={role} className="staff-role">
                      {ROLE_NAMES[role]}
                      {own && role === 'owner' ? null : (
                        <IconButton
                          size="sm"
                          className="staff-role-remove"
                          label={`Remove ${ROLE_NAMES[role].toLowerCase()}: ${member.fullName}`}
                          busy={working === `${member._id}:${role}`}
                          onClick={() => takeRole(member, role)}
                        >
                          <CloseIcon size={14} aria-hidden="true" />
                        </IconButton>
                      )}
                    </li>
                  ))}
                </ul>
                <div className="staff-member-actions">
                  <AddRoleForm
                    member={member}
                    busy={working === `${member._id}:add`}
                    onAdd={(role) => void act(`${member._id}:add`, () => addRole(member._id, role), 'Could not give the role')}
                  />
                  {own ? null : (
                    <Button
                      size="sm"
                      variant="danger"
                      busy={working === `${member._id}:all`}
                      aria-label={`Remove access: ${member.fullName}`}
                      onClick={() => takeAll(member)}
                    >
                      Remove access
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function RoleGuide() {
  return (
    <ul className="staff-role-guide muted" aria-label="What each role does">
      {GRANTED_ROLES.map((role) => (
        <li key={role}>
          <strong>{ROLE_NAMES[role]}</strong> {ROLE_DUTIES[role]}
        </li>
      ))}
    </ul>
  );
}

function RoleOptions({ roles }: { roles: readonly GrantedRole[] }) {
  return roles.map((role) => (
    <option key={role} value={role}>
      {ROLE_NAMES[role]}
    </option>
  ));
}

/** Give an existing account a role, by its e-mail or phone number (the form the server's grantRoleSchema checks). */
function GrantForm({ onGranted }: { onGranted: (result: Reply) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof grantRoleSchema>, unknown, GrantRoleInput>({
    resolver: zodResolver(grantRoleSchema),
    defaultValues: { identifier: '', role: 'staff' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const result = await grantRole(values);
      reset({ identifier: '', role: values.role });
      onGranted(result);
    } catch (failure) {
      const apiError = await toApiError(failure, 'Could not give access');
      if (apiError.error === 'unauthorized') return;
      setError(apiError.errors[0]?.field === 'role' ? 'role' : 'identifier', { message: apiError.message });
    }
  });

  return (
    <form className="card staff-form staff-narrow" onSubmit={submit} noValidate aria-label="Give access">
      <h2 className="staff-section-title">Give access</h2>
      <p className="muted">The person must already have an Isoko account (signed up on the web, chat or USSD).</p>
      <Field label="E-mail or phone number" autoComplete="off" error={errors.identifier?.message} {...register('identifier')} />
      <LabelledField label="Role" error={errors.role?.message}>
        {(control) => (
          <select {...control} {...register('role')} className="input">
            <RoleOptions roles={GRANTED_ROLES} />
          </select>
        )}
      </LabelledField>
      <Button type="submit" busy={isSubmitting}>
        Give access
      </Button>
    </form>
  );
}

/** One more role for a member: the roles they do not hold yet (the server's addRoleSchema checks the choice). */
function AddRoleForm({ member, busy, onAdd }: { member: StaffMember; busy: boolean; onAdd: (role: GrantedRole) => void }) {
  const missing = GRANTED_ROLES.filter((role) => !member.roles.includes(role));
  const { register, handleSubmit } = useForm<z.input<typeof addRoleSchema>, unknown, z.output<typeof addRoleSchema>>({
    resolver: zodResolver(addRoleSchema),
    values: { role: missing[0] ?? 'staff' },
  });
  if (missing.length === 0) return null;
  return (
    <form className="staff-add-role" onSubmit={handleSubmit(({ role }) => onAdd(role))} noValidate>
      <select {...register('role')} className="input" aria-label={`Role to give ${member.fullName}`}>
        <RoleOptions roles={missing} />
      </select>
      <Button type="submit" size="sm" variant="secondary" busy={busy} aria-label={`Add role: ${member.fullName}`}>
        Add role
      </Button>
    </form>
  );
}
