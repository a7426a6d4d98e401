// Whether the signed-in account holds the staff role (GET /user/is-auth carries `isStaff`). A file of
// its own: the console's gate loads it before any screen, so it must not pull in the screens' calls.
import { api } from '@web/lib/api-client';
import type { IsAuthReply } from '@server/modules/users/users.schema';

export async function fetchIsStaff(): Promise<boolean> {
  const body = await api.get('user/is-auth').json<IsAuthReply>();
  return body.user?.isStaff === true;
}
