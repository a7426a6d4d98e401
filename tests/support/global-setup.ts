import { prepareTemplate } from './database';

export default async function setup(): Promise<void> {
  await prepareTemplate();
}
