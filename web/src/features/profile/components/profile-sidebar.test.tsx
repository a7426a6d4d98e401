// The profile's way into the staff console: a 'Staff console' link for staff and owners only, to the
// console's own address (a full page load: the console is admin.html, not a storefront route).
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { staffPaths } from '@web/features/staff';
import type { Account } from '../api/profile-api';
import { ProfileSidebar } from './profile-sidebar';

const shopper: Account = { _id: 'u1', fullName: 'Aline Uwase', email: 'aline@example.rw', roles: ['shopper'] };

function renderSidebar(account: Account) {
  render(
    <MemoryRouter>
      <ProfileSidebar account={account} tab="profile" onTab={() => undefined} signingOut={false} onSignOut={() => undefined} />
    </MemoryRouter>,
  );
}

describe('ProfileSidebar', () => {
  it.each([['staff'], ['owner']] as const)('offers %s a link to the console, at the console\'s address', (role) => {
    renderSidebar({ ...shopper, roles: ['shopper', role] });
    const link = screen.getByRole('link', { name: 'Staff console' });
    expect(link).toHaveAttribute('href', staffPaths.home);
    expect(link).toHaveAttribute('href', '/admin');
  });

  it('shows a shopper, a rider and a packer no such link', () => {
    for (const roles of [['shopper'], ['shopper', 'rider'], ['shopper', 'packer']] as Account['roles'][]) {
      renderSidebar({ ...shopper, roles });
      expect(screen.getByRole('button', { name: 'Manage Addresses' })).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Staff console' })).toBeNull();
      cleanup();
    }
  });
});
