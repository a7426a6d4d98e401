// The console's frame shows the Staff section (who holds which role) to owners only.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Role } from '@server/modules/auth/role-lists.schema';
import { ConsoleAccountContext } from '../console-account';
import { StaffLayout } from './staff-layout';

function sectionsFor(roles: readonly Role[]) {
  const view = render(
    <MemoryRouter initialEntries={['/admin']}>
      <ConsoleAccountContext.Provider value={{ id: 'u1', roles }}>
        <StaffLayout>
          <p>Screen</p>
        </StaffLayout>
      </ConsoleAccountContext.Provider>
    </MemoryRouter>,
  );
  const links = within(screen.getByRole('navigation', { name: 'Console sections' })).getAllByRole('link').map((link) => link.textContent);
  view.unmount();
  return links;
}

describe('StaffLayout', () => {
  it('shows an owner every section, Staff included', () => {
    expect(sectionsFor(['shopper', 'owner'])).toEqual(['Today', 'Orders', 'Dispatch', 'Riders', 'Delivery', 'Catalog', 'Stock', 'Messages', 'Staff']);
    expect(sectionsFor(['shopper', 'staff', 'owner'])).toContain('Staff');
  });

  it('shows staff the daily work without the Staff section', () => {
    expect(sectionsFor(['shopper', 'staff'])).toEqual(['Today', 'Orders', 'Dispatch', 'Riders', 'Delivery', 'Catalog', 'Stock', 'Messages']);
    expect(sectionsFor(['shopper', 'staff', 'packer', 'rider'])).not.toContain('Staff');
  });
});
