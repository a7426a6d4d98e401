// The signed-in shopper's name and contacts for a form to offer (the address's phone, the contact form's
// name and e-mail): from the session, asked of the server once when the session did not keep them.
import { useEffect } from 'react';
import type { StoredUser } from '@web/lib/storage';
import { useAuthStore } from '../store';

export function useSignedInUser(): StoredUser | null {
  const user = useAuthStore((state) => state.user);
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  useEffect(() => {
    if (signedIn && !user) void useAuthStore.getState().loadUser();
  }, [signedIn, user]);
  return user;
}
