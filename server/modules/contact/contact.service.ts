// Contact messages: kept (the console lists them), and e-mailed to CONTACT_RECIPIENT with the
// sender's address as Reply-To.
import { runInBackground } from '../../lib/background';
import type { ShopDeps } from '../../lib/deps';
import type { ContactMessageInput } from './contact.schema';

export async function sendContactMessage(deps: ShopDeps, input: ContactMessageInput): Promise<void> {
  const recipient = deps.config.contactRecipient;
  const saved = await deps.db
    .insertInto('contact_messages')
    .values({ ...input, recipient })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  // The message is kept: the shopper's answer never waits for the mail server.
  runInBackground(deps, 'contact_email', () =>
    deps.notifier.send({
      channel: 'email',
      recipient,
      subject: `Contact form: ${input.subject}`,
      body: `From ${input.name} <${input.email}> at ${new Date(saved.created_at).toISOString()}\n\n${input.message}`,
      kind: 'contact',
      // Staff answer with their mail program's Reply: it goes to the shopper, not back to the shop.
      replyTo: input.email,
    }),
  );
}
