// The signed-in account and its roles, as the console's gate read them on the way in: the frame shows
// the Staff section to owners only, and the Staff page refuses anyone else before calling the server
// (which checks every call on its own) and knows which row is the owner's own.
import { createContext, useContext } from 'react';
import type { Role } from '@server/modules/auth/role-lists.schema';

export interface ConsoleAccount {
  id: string;
  roles: readonly Role[];
}

export const ConsoleAccountContext = createContext<ConsoleAccount>({ id: '', roles: ['shopper'] });

export const useConsoleAccount = () => useContext(ConsoleAccountContext);
