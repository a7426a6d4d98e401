// What `npm run staff` does (staff-cli.ts runs it from the shell): the command line read, and the
// command run on the shop's database. `add` gives staff unless told otherwise, and the first console
// member of a shop (while no one is owner) is made owner too; `remove` takes the role named, or every
// role; `list` shows each person with their roles. After the first owner, owners manage the team in
// the console's Staff page.
import type { ShopDeps } from '../../lib/deps';
import { GRANTED_ROLES, isGrantedRole, isRole, type GrantedRole } from '../auth/roles.schema';
import { addFromShell, listStaff, removeFromShell, withArticle } from './staff-members.service';
import type { StaffMember } from './staff-members.schema';

export const STAFF_USAGE = [
  'Usage: npm run staff -- add <email or phone> [--role staff|packer|rider|owner]',
  '       npm run staff -- remove <email or phone> [--role staff|packer|rider|owner]   (no --role: every role)',
  '       npm run staff -- list',
].join('\n');

export type StaffCommand = { name: 'list' } | { name: 'add' | 'remove'; identifier: string; role?: GrantedRole };

/** A command line that says nothing the shell can do: shown with the usage, exit code 2. */
export class UsageError extends Error {}

/** The command line as a command, or a UsageError saying what is wrong with it. */
export function parseStaffCommand(argv: readonly string[]): StaffCommand {
  const words = [...argv];
  const name = words.shift();
  let role: string | undefined;
  const rest: string[] = [];
  while (words.length) {
    const word = words.shift()!;
    if (word === '--role') role = words.shift() ?? '';
    else if (word.startsWith('--role=')) role = word.slice('--role='.length);
    else if (word.startsWith('--')) throw new UsageError(`Unknown option ${word}`);
    else rest.push(word);
  }
  if (name === 'list') {
    if (rest.length || role !== undefined) throw new UsageError('list takes no account and no role');
    return { name };
  }
  if (name !== 'add' && name !== 'remove') throw new UsageError(name ? `Unknown command "${name}"` : 'Say add, remove or list');
  if (role !== undefined && !isGrantedRole(role)) {
    throw new UsageError(isRole(role) ? 'Every account is a shopper: there is no shopper role to give or take' : `Unknown role "${role}": choose one of ${GRANTED_ROLES.join(', ')}`);
  }
  if (rest.length !== 1) throw new UsageError(rest.length ? 'Name one account at a time' : `Say whose roles to ${name === 'add' ? 'add to' : 'remove from'}: an e-mail or phone number`);
  return { name, identifier: rest[0]!, role: role as GrantedRole | undefined };
}

const describe = (member: StaffMember) => `${member.fullName} (${member.email ?? member.phoneNumber ?? member._id})`;
/** "staff", "staff or an owner", "staff, a packer or an owner". */
const eitherOf = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? ''));
const rolesOf = (member: StaffMember) => (member.roles.length ? member.roles.join(', ') : 'shopper only');

/** Runs a command on the shop's database and answers the lines to print. */
export async function runStaffCommand(command: StaffCommand, deps: Pick<ShopDeps, 'db'>): Promise<string[]> {
  if (command.name === 'list') {
    const team = await listStaff(deps);
    if (!team.length) return ['No staff yet. Add one: npm run staff -- add <email or phone>'];
    const lines = team.map((member) => [member.fullName, member.email ?? '', member.phoneNumber ?? '', rolesOf(member), `since ${member.staffSince ?? '?'}`].join('\t'));
    if (!team.some((member) => member.roles.includes('owner'))) lines.push('No one is owner: make someone owner with npm run staff -- add <email or phone> --role owner');
    return lines;
  }
  if (command.name === 'add') {
    const role = command.role ?? 'staff';
    const { member, madeOwner } = await addFromShell(deps, command.identifier, role);
    const owner = madeOwner ? ' The shop had no owner, so they are owner too: they give others their roles in the console.' : '';
    return [`${describe(member)} is ${withArticle(role)}.${owner} Roles: ${rolesOf(member)}.`];
  }
  const { member, removed } = await removeFromShell(deps, command.identifier, command.role);
  const lines = [`${describe(member)} is no longer ${eitherOf(removed.map(withArticle))}. Roles: ${rolesOf(member)}.`];
  if (removed.includes('owner') && !(await listStaff(deps)).some((other) => other.roles.includes('owner'))) {
    lines.push('The shop has no owner now: add one with npm run staff -- add <email or phone> --role owner');
  }
  return lines;
}
