// Contact messages: kept, and handed to the notifier for the shop's inbox.
import type { ShopDeps } from '../../lib/deps';
import type { ContactMessageInput } from './contact.schema';

export async function sendContactMessage(deps: ShopDeps, input: ContactMessageInput): Promise<void> {
  const recipient = deps.config.contactRecipient;
  const saved = await deps.db
    .insertInto('contact_messages')
    .values({ ...input, recipient })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  await deps.notifier.send({
    channel: 'email',
    recipient,
    subject: `Contact form: ${input.subject}`,
    body: `From ${input.name} <${input.email}> at ${new Date(saved.created_at).toISOString()}\n\n${input.message}`,
  });
}
