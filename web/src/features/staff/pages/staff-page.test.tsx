// The Staff page is the owner's: anyone else reads 'Owner only' and no call is made. An owner sees each
// member's roles, gives an existing account a role (the form checks with the server's schema first,
// and shows the server's refusal at the field), adds and takes away roles, and is never offered to
// take their own owner role or all their own roles.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@server/modules/auth/role-lists.schema';
import type { StaffMember } from '@server/modules/users/staff-members.schema';
import { toast } from '@web/components/ui/toast';
import { json, mockFetch } from '@web/test/mock-fetch';
import { ConsoleAccountContext } from '../console-account';
import StaffPage from './staff-page';

const olive: StaffMember = { _id: 'u1', fullName: 'Olive Owner', email: 'olive@example.rw', phoneNumber: null, roles: ['staff', 'owner'], staffSince: '2026-01-10T09:00:00.000Z' };
const rose: StaffMember = { _id: 'u2', fullName: 'Rose Rider', email: null, phoneNumber: '+250788555101', roles: ['rider'], staffSince: '2026-02-01T09:00:00.000Z' };
const patrick: StaffMember = { _id: 'u3', fullName: 'Patrick Nkurunziza', email: 'patrick@example.rw', phoneNumber: null, roles: ['packer'], staffSince: '2026-03-01T09:00:00.000Z' };

function renderPage(roles: readonly Role[], id = 'u1') {
  render(
    <ConsoleAccountContext.Provider value={{ id, roles }}>
      <StaffPage />
    </ConsoleAccountContext.Provider>,
  );
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The server as the page meets it: GET the team, and each change answered with the member as it is now. */
function serve(answer: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  mockFetch(async (request) => {
    const call = { method: request.method, path: new URL(request.url).pathname, body: request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json() };
    calls.push(call);
    if (call.method === 'GET' && call.path === '/api/admin/staff') return json({ success: true, staff: [olive, rose] });
    return answer(call) ?? json({ success: false, message: 'Not expected' }, 500);
  });
  return calls;
}

const rolesOf = (name: string) =>
  within(screen.getByRole('list', { name: `Roles of ${name}` }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => toast.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('StaffPage', () => {
  it.each([[['shopper', 'staff']], [['shopper', 'staff', 'rider']]] as const)("refuses %j with 'Owner only' and calls nothing", async (roles) => {
    const calls = serve(() => undefined);
    renderPage(roles, 'u9');
    expect(screen.getByRole('heading', { level: 1, name: 'Owner only' })).toBeInTheDocument();
    expect(screen.getByText("Only the shop's owner gives people roles and takes them away.")).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Give access' })).toBeNull();
    await Promise.resolve();
    expect(calls).toEqual([]);
  });

  it("shows each member's roles; the owner's own owner role and row cannot be taken away", async () => {
    serve(() => undefined);
    renderPage(['shopper', 'staff', 'owner']);
    expect(await screen.findByText('Rose Rider')).toBeInTheDocument();
    expect(rolesOf('Olive Owner')).toEqual(['Staff', 'Owner']);
    expect(rolesOf('Rose Rider')).toEqual(['Rider']);
    expect(screen.getByRole('button', { name: 'Remove staff: Olive Owner' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove owner: Olive Owner' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove access: Olive Owner' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove access: Rose Rider' })).toBeInTheDocument();
    // Only the roles a member does not hold are offered to add.
    const offered = within(screen.getByRole('combobox', { name: 'Role to give Rose Rider' })).getAllByRole('option').map((option) => option.textContent);
    expect(offered).toEqual(['Staff', 'Packer', 'Owner']);
  });

  it('checks the form with the server\'s schema, shows the server\'s refusal at the field, and adds the member it grants', async () => {
    const user = userEvent.setup();
    const calls = serve((call) => {
      if (call.method !== 'POST' || call.path !== '/api/admin/staff') return undefined;
      const { identifier } = call.body as { identifier: string };
      if (identifier === 'nobody@example.rw') return json({ success: false, message: 'No account with that e-mail or phone number', error: 'not_found' }, 404);
      return json({ success: true, message: 'Patrick Nkurunziza is now a packer', member: patrick }, 201);
    });
    renderPage(['shopper', 'owner']);
    await screen.findByText('Rose Rider');

    await user.click(screen.getByRole('button', { name: 'Give access' }));
    expect(await screen.findByText('Enter the e-mail or phone number of an existing account')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('E-mail or phone number'), 'nobody@example.rw');
    await user.click(screen.getByRole('button', { name: 'Give access' }));
    expect(await screen.findByText('No account with that e-mail or phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail or phone number')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('E-mail or phone number'));
    await user.type(screen.getByLabelText('E-mail or phone number'), ' patrick@example.rw ');
    await user.selectOptions(screen.getByLabelText('Role'), 'packer');
    await user.click(screen.getByRole('button', { name: 'Give access' }));
    expect(await screen.findByText('Patrick Nkurunziza')).toBeInTheDocument();
    expect(rolesOf('Patrick Nkurunziza')).toEqual(['Packer']);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { identifier: 'nobody@example.rw', role: 'staff' },
      { identifier: 'patrick@example.rw', role: 'packer' },
    ]);
    expect(screen.getByLabelText('E-mail or phone number')).toHaveValue('');
    expect(toast.current().map((item) => item.message)).toContain('Patrick Nkurunziza is now a packer');
  });

  it('adds a role, takes one away after asking, and drops a member who holds none', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const calls = serve((call) => {
      if (call.method === 'POST' && call.path === '/api/admin/staff/u2/roles') {
        return json({ success: true, message: 'Rose Rider is now staff', member: { ...rose, roles: ['staff', 'rider'] } });
      }
      if (call.method === 'DELETE' && call.path === '/api/admin/staff/u2/roles/rider') {
        return json({ success: true, message: 'Rose Rider is no longer a rider', member: { ...rose, roles: ['staff'] } });
      }
      if (call.method === 'DELETE' && call.path === '/api/admin/staff/u2') {
        return json({ success: true, message: 'Rose Rider holds no role now', member: { ...rose, roles: [] } });
      }
      return undefined;
    });
    renderPage(['shopper', 'staff', 'owner']);
    await screen.findByText('Rose Rider');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role to give Rose Rider' }), 'staff');
    await user.click(screen.getByRole('button', { name: 'Add role: Rose Rider' }));
    expect(await screen.findByRole('button', { name: 'Remove staff: Rose Rider' })).toBeInTheDocument();
    expect(rolesOf('Rose Rider')).toEqual(['Staff', 'Rider']);

    await user.click(screen.getByRole('button', { name: 'Remove rider: Rose Rider' }));
    expect(confirm).toHaveBeenLastCalledWith('Take the rider role away from Rose Rider?');
    await vi.waitFor(() => expect(rolesOf('Rose Rider')).toEqual(['Staff']));
    expect(toast.current().map((item) => item.message)).toContain('Rose Rider is no longer a rider');

    confirm.mockReturnValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Remove access: Rose Rider' }));
    expect(calls.filter((call) => call.path === '/api/admin/staff/u2')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove access: Rose Rider' }));
    await vi.waitFor(() => expect(screen.queryByRole('list', { name: 'Roles of Rose Rider' })).toBeNull());
    expect(toast.current().map((item) => item.message)).toContain('Rose Rider holds no role now');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/admin/staff',
      'POST /api/admin/staff/u2/roles',
      'DELETE /api/admin/staff/u2/roles/rider',
      'DELETE /api/admin/staff/u2',
    ]);
    expect(calls[1]!.body).toEqual({ role: 'staff' });
  });
});
