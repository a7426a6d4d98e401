// POST /api/contact (the contact form posts to our own server, not an e-mail provider).
import type { MessageReply } from '@server/lib/replies';
import type { ContactMessageInput } from '@server/modules/contact/contact.schema';
import { api } from '@web/lib/api-client';

export function sendContactMessage(message: ContactMessageInput) {
  return api.post('contact', { json: message }).json<MessageReply>();
}
