// `npm run staff -- add|remove <email or phone>`, `npm run staff -- list`: the staff role from the
// shell, for the first staff account (after that, staff grant it to each other in the console).
import { loadConfig } from '../../config';
import { grantStaff, listStaff, revokeStaffByIdentifier } from './staff-members.service';
import { openDatabase } from '../../db/connect';

const USAGE = 'Usage: npm run staff -- add <email or phone> | remove <email or phone> | list';

async function main(argv: string[]): Promise<void> {
  const [command, identifier] = argv;
  if (!['add', 'remove', 'list'].includes(command ?? '') || (command !== 'list' && !identifier)) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const deps = { db: database.db };
    if (command === 'list') {
      const staff = await listStaff(deps);
      if (!staff.length) console.log('No staff yet. Add one: npm run staff -- add <email or phone>');
      for (const member of staff) console.log(`${member.fullName}\t${member.email ?? ''}\t${member.phoneNumber ?? ''}\tsince ${member.staffSince ?? '?'}`);
      return;
    }
    const member = command === 'add' ? await grantStaff(deps, identifier) : await revokeStaffByIdentifier(deps, identifier);
    console.log(`${member.fullName} (${member.email ?? member.phoneNumber}) ${command === 'add' ? 'is staff' : 'is no longer staff'}.`);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
