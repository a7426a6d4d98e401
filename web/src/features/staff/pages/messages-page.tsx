// /admin/messages: what shoppers sent through the contact form, newest first; the ones still to answer
// by default, each marked handled once dealt with.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StaffMessage } from '@server/modules/contact/staff-messages.schema';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { toApiError } from '@web/lib/api-client';
import { fetchMessages, markMessageHandled } from '../api/staff-api';
import { LoadState } from '../components/load-state';
import { Pager } from '../components/pager';
import { formatDateTime } from '../format';
import { useRemote } from '../use-remote';

const VIEWS = [
  { value: 'false', label: 'To handle' },
  { value: 'true', label: 'Handled' },
  { value: 'all', label: 'All' },
] as const;

function MessageItem({ message, onChanged }: { message: StaffMessage; onChanged: (message: StaffMessage) => void }) {
  const [busy, setBusy] = useState(false);
  const handled = Boolean(message.handledAt);
  async function toggle() {
    setBusy(true);
    try {
      const result = await markMessageHandled(message._id, !handled);
      onChanged(result.contactMessage);
      toast.success(result.message);
    } catch (error) {
      const failure = await toApiError(error, 'Could not change the message');
      if (failure.error !== 'unauthorized') toast.error(failure.message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="card staff-message">
      <h2 className="staff-message-subject">{message.subject}</h2>
      <p className="staff-row-meta">
        {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a> · {formatDateTime(message.createdAt)}
      </p>
      <p className="staff-message-body">{message.message}</p>
      {handled ? (
        <p className="muted">
          Handled{message.handledBy ? ` by ${message.handledBy.fullName}` : ''} · {formatDateTime(message.handledAt)}
        </p>
      ) : null}
      <Button
        size="sm"
        variant={handled ? 'secondary' : 'primary'}
        busy={busy}
        aria-label={`${handled ? 'Mark not handled' : 'Mark handled'}: ${message.subject}`}
        onClick={() => void toggle()}
      >
        {handled ? 'Mark not handled' : 'Mark handled'}
      </Button>
    </li>
  );
}

export default function MessagesPage() {
  useDocumentTitle('Messages');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') ?? 'false';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const handled = view === 'true' || view === 'false' ? view : undefined;
  const { state, reload, replace } = useRemote(() => fetchMessages({ page, handled }), [page, handled], 'Could not load the messages');

  function changed(message: StaffMessage) {
    if (!state.data) return;
    const wasUnhandled = !state.data.messages.find((item) => item._id === message._id)?.handledAt;
    const delta = wasUnhandled === !message.handledAt ? 0 : message.handledAt ? -1 : 1;
    replace({
      ...state.data,
      unhandled: state.data.unhandled + delta,
      messages: state.data.messages.map((item) => (item._id === message._id ? message : item)),
    });
  }

  const data = state.data;
  return (
    <div className="staff-page">
      <h1 className="page-title">Messages</h1>
      <div className="staff-tabs" role="group" aria-label="Which messages">
        {VIEWS.map((item) => (
          <Button
            key={item.value}
            size="sm"
            variant={view === item.value ? 'primary' : 'secondary'}
            aria-pressed={view === item.value}
            onClick={() => setParams(new URLSearchParams({ view: item.value }))}
          >
            {item.label}
          </Button>
        ))}
      </div>
      <LoadState state={state} onRetry={() => void reload()} label="Loading messages..." />
      {data ? (
        <>
          <p className="muted" aria-live="polite">
            {data.unhandled === 1 ? '1 message to handle' : `${data.unhandled} messages to handle`}
          </p>
          {data.messages.length === 0 ? <p className="staff-empty">No messages here.</p> : null}
          <ul className="staff-messages" aria-label="Messages">
            {data.messages.map((message) => (
              <MessageItem key={message._id} message={message} onChanged={changed} />
            ))}
          </ul>
          <Pager
            pagination={data.pagination}
            label="Message pages"
            onPage={(next) => setParams(new URLSearchParams({ view, page: String(next) }))}
          />
        </>
      ) : null}
    </div>
  );
}
