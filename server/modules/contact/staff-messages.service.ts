// Contact-form messages as staff read them: newest first, marked handled once answered.
import { sql } from 'kysely';
import type { AuthUser, ShopDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { offsetOf, paginate } from '../../lib/pagination';
import type { StaffMessage, StaffMessagesQuery } from './staff-messages.schema';

const messagesWithHandler = (deps: ShopDeps) =>
  deps.db
    .selectFrom('contact_messages')
    .leftJoin('users', 'users.id', 'contact_messages.handled_by')
    .selectAll('contact_messages')
    .select('users.full_name as handler_name');

type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesWithHandler>['executeTakeFirstOrThrow']>>;

function toStaffMessage(row: MessageRow): StaffMessage {
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
    handledAt: row.handled_at ? new Date(row.handled_at).toISOString() : null,
    handledBy: row.handled_by ? { _id: row.handled_by, fullName: row.handler_name ?? '' } : null,
  };
}

export async function listMessages(deps: ShopDeps, query: StaffMessagesQuery) {
  let rows = messagesWithHandler(deps);
  let count = deps.db.selectFrom('contact_messages').select(sql<number>`count(*)::int`.as('total'));
  if (query.handled !== undefined) {
    rows = rows.where('contact_messages.handled_at', query.handled ? 'is not' : 'is', null);
    count = count.where('handled_at', query.handled ? 'is not' : 'is', null);
  }
  const [messageRows, { total }, { unhandled }] = await Promise.all([
    rows.orderBy('contact_messages.created_at', 'desc').orderBy('contact_messages.id', 'desc').limit(query.limit).offset(offsetOf(query.page, query.limit)).execute(),
    count.executeTakeFirstOrThrow(),
    countUnhandled(deps),
  ]);
  return { messages: messageRows.map(toStaffMessage), pagination: paginate(total, query.page, query.limit), unhandled };
}

export async function countUnhandled(deps: ShopDeps): Promise<{ unhandled: number }> {
  return deps.db
    .selectFrom('contact_messages')
    .select(sql<number>`count(*)::int`.as('unhandled'))
    .where('handled_at', 'is', null)
    .executeTakeFirstOrThrow();
}

export async function markHandled(deps: ShopDeps, staff: AuthUser, messageId: string, handled: boolean): Promise<StaffMessage> {
  const id = Number(messageId);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound('Message not found');
  const updated = await deps.db
    .updateTable('contact_messages')
    .set(handled ? { handled_at: new Date(), handled_by: staff.id } : { handled_at: null, handled_by: null })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw notFound('Message not found');
  return toStaffMessage(await messagesWithHandler(deps).where('contact_messages.id', '=', id).executeTakeFirstOrThrow());
}
