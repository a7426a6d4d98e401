// The console's gate: a guest goes to login (and comes back), a shopper reads 'Staff only', staff get in.
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@web/features/auth';
import { json, mockFetch } from '@web/test/mock-fetch';
import { StaffGate } from './staff-gate';

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
              <p>The console</p>
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

  it("shows a shopper the 'Staff only' page and never the console", async () => {
    mockFetch(() => json({ success: true, user: { fullName: 'Aline', isStaff: false } }));
    signedIn('shopper-token');
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('The console')).toBeNull();
  });

  it('lets staff in', async () => {
    const fetchMock = mockFetch((request) => {
      expect(new URL(request.url).pathname).toBe('/api/user/is-auth');
      expect(request.headers.get('Authorization')).toBe('Bearer staff-token');
      return json({ success: true, user: { fullName: 'Eric', isStaff: true } });
    });
    signedIn('staff-token');
    renderGate();
    expect(await screen.findByText('The console')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
