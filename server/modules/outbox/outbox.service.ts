// For testers in development: the latest one-time codes the notifier queued (no SMS provider is
// configured there, so the outbox table is where messages land). Never mounted in production.
import type { ShopDeps } from '../../lib/deps';

export interface OutboxCode {
  recipient: string;
  channel: string;
  subject: string;
  code: string;
  createdAt: string;
}

const CODE_IN_BODY = /\b(\d{6})\b/;

/** The newest messages that carry a 6-digit code, newest first; one recipient's only when given. */
export async function latestOneTimeCodes(deps: ShopDeps, options: { recipient?: string; limit?: number } = {}): Promise<OutboxCode[]> {
  let query = deps.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(options.limit ?? 10);
  if (options.recipient) query = query.where('recipient', '=', options.recipient);
  const rows = await query.execute();
  return rows.flatMap((row) => {
    // A body sent through a provider is cleared once accepted: only what is still kept can be read.
    const code = row.body ? CODE_IN_BODY.exec(row.body)?.[1] : undefined;
    return code
      ? [{ recipient: row.recipient, channel: row.channel, subject: row.subject, code, createdAt: new Date(row.created_at).toISOString() }]
      : [];
  });
}
