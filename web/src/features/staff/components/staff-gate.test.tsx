// The console's gate: a guest goes to login (and comes back), a shopper or a rider reads 'Staff only'
// (told which account they are in), staff, owners and packers (to pack) get in, carrying their roles.
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@web/features/auth';
import { json, mockFetch } from '@web/test/mock-fetch';
import { useConsoleAccount } from '../console-account';
import { StaffGate } from './staff-gate';

function Console() {
  const { id, roles } = useConsoleAccount();
  return (
    <p>
      The console for {id} as {roles.join(', ')}
    </p>
  );
}

function Where() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function renderGate() {
  return render(
    <MemoryRouter initialEntries={['/admin/orders']}>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <StaffGate>
              <Console />
            </StaffGate>
          }
        />
        <Route path="/login" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

function signedIn(token: string | null) {
  if (token) window.localStorage.setItem('token', token);
  useAuthStore.setState({ token, isAuthenticated: Boolean(token), user: null });
}

afterEach(() => {
  vi.unstubAllGlobals();
  signedIn(null);
});

describe('StaffGate', () => {
  it('sends a guest to login, to come back to the same page', async () => {
    const fetchMock = mockFetch(() => json({}));
    signedIn(null);
    renderGate();
    expect(await screen.findByText('At /login?redirect=%2Fadmin%2Forders')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [['shopper'], "Your account is a shopper's account."],
    [['shopper', 'rider'], "Your account is a rider's account."],
      ])("shows %j the 'Staff only' page, saying which account it is, and never the console", async (roles, says) => {
    mockFetch(() => json({ success: true, user: { id: 'u1', fullName: 'Aline', roles } }));
    signedIn('someone-token');
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    expect(screen.getByText(`This part of Isoko is for the shop's staff. ${says}`)).toBeInTheDocument();
    expect(screen.getByText(/ask the shop's owner to give your account staff access/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/The console/)).toBeNull();
  });

  it.each([[['shopper', 'staff']], [['shopper', 'owner']], [['shopper', 'staff', 'rider', 'owner']], [['shopper', 'packer', 'rider']]])('lets %j in, handing the console its roles', async (roles) => {
    const fetchMock = mockFetch((request) => {
      expect(new URL(request.url).pathname).toBe('/api/user/is-auth');
      expect(request.headers.get('Authorization')).toBe('Bearer staff-token');
      return json({ success: true, user: { id: 'u7', fullName: 'Eric', roles } });
    });
    signedIn('staff-token');
    renderGate();
    expect(await screen.findByText(`The console for u7 as ${roles.join(', ')}`)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
