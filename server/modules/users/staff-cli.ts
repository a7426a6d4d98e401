// `npm run staff -- add <email or phone> [--role staff|packer|rider|owner]`, `... remove <email or phone>
// [--role ...]`, `... list`: the shop's team from the shell (staff-commands.ts says what each does).
// With the embedded database, run it while the server is stopped: the database is one process's.
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/connect';
import { parseStaffCommand, runStaffCommand, STAFF_USAGE, UsageError, type StaffCommand } from './staff-commands';

async function main(argv: string[]): Promise<void> {
  let command: StaffCommand;
  try {
    command = parseStaffCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${STAFF_USAGE}`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    for (const line of await runStaffCommand(command, { db: database.db })) console.log(line);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
