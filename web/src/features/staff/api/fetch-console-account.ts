// Who is signed in and the roles they hold now (GET /user/is-auth). A file of its own: the console's
// gate loads it before any screen, so it must not pull in the screens' calls.
import { api } from '@web/lib/api-client';
import type { IsAuthReply } from '@server/modules/users/users.schema';
import type { ConsoleAccount } from '../console-account';

export async function fetchConsoleAccount(): Promise<ConsoleAccount> {
  const body = await api.get('user/is-auth').json<IsAuthReply>();
  return { id: body.user?.id ?? '', roles: body.user?.roles ?? ['shopper'] };
}
