import type { TestProject } from 'vitest/node';
import { prepareTemplate } from './database';

// Runs once per project, in Vitest's main process: the project's own env says which database its
// workers will use (an empty TEST_DATABASE_URL means PGlite), so that is the one made ready here.
export default async function setup(project: TestProject): Promise<void> {
  const env = project.config.env ?? {};
  const url = 'TEST_DATABASE_URL' in env ? env.TEST_DATABASE_URL : process.env.TEST_DATABASE_URL;
  await prepareTemplate(url?.trim() || undefined);
}
