// The profile's way into the staff console: a 'Staff console' link for staff only, to the
// console's own address (a full page load: the console is admin.html, not a storefront route).
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { staffPaths } from '@web/features/staff';
import type { Account } from '../api/profile-api';
import { ProfileSidebar } from './profile-sidebar';

const shopper: Account = { _id: 'u1', fullName: 'Aline Uwase', email: 'aline@example.rw', isStaff: false };

function renderSidebar(account: Account) {
  render(
    <MemoryRouter>
      <ProfileSidebar account={account} tab="profile" onTab={() => undefined} signingOut={false} onSignOut={() => undefined} />
    </MemoryRouter>,
  );
}

describe('ProfileSidebar', () => {
  it('offers staff a link to the console, at the console\'s address', () => {
    renderSidebar({ ...shopper, isStaff: true });
    const link = screen.getByRole('link', { name: 'Staff console' });
    expect(link).toHaveAttribute('href', staffPaths.home);
    expect(link).toHaveAttribute('href', '/admin');
  });

  it('shows a shopper no such link', () => {
    renderSidebar(shopper);
    expect(screen.getByRole('button', { name: 'Manage Addresses' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Staff console' })).toBeNull();
  });
});
