import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { useMember } from '../../../data/member';
import { messageKey, useDeleteMessage, useMarkRead, useMessages, type InboxMessage } from '../../../data/messages';
import { errorText } from '../../../lib/errorText';
import { formatTime } from '../../../lib/format';
import './messages.css';

// MessagesPage is messageV2, "platform information" (E-011): the member's
// messages from the merchant, to them alone or to many members (the server
// merges both kinds), newest first, paged by the server. Opening one shows
// it and marks it read, which lowers the badges at once; each can be
// deleted after a confirmation. Titles
// and bodies are the operator's plain text and are only ever rendered as
// text (React escapes it); line breaks are kept by CSS.
export function MessagesPage() {
  const { t } = useTranslation();
  const { member } = useMember();
  // A trial account has no messages and never asks for them (C-106).
  if (member?.isTrial) return <EmptyState title={t('errors.realAccount')} />;
  if (!member) return <Spinner />;
  return <Inbox />;
}

function Inbox() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<InboxMessage | null>(null);
  const [doomed, setDoomed] = useState<InboxMessage | null>(null);
  const q = useMessages(page);
  const markRead = useMarkRead();
  const remove = useDeleteMessage();
  const data = q.data;

  // A page emptied meanwhile (fewer messages than when it was picked)
  // falls back to the last page there is.
  useEffect(() => {
    if (data && data.content.length === 0 && data.total > 0 && page > 1) setPage(Math.max(1, data.totalPages));
  }, [data, page]);

  function open(m: InboxMessage) {
    markRead.reset();
    setShown(m);
    if (!m.readAt) markRead.mutate({ id: m.id, kind: m.kind });
  }

  function confirmDelete() {
    if (!doomed) return;
    remove.mutate({ id: doomed.id, kind: doomed.kind }, { onSettled: () => setDoomed(null) });
  }

  if (q.isError && !data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!data) return <Spinner />;
  if (data.total === 0) return <EmptyState title={t('messages.empty')} />;
  return (
    <div className="messages">
      <ul className="message-list">
        {data.content.map((m) => (
          <li key={messageKey(m)} className="message-item" data-unread={!m.readAt} data-kind={m.kind}>
            <button type="button" className="message-open" aria-haspopup="dialog" onClick={() => open(m)}>
              <span className="message-head">
                {/* A word, not only a colour or weight, says it is new. */}
                {!m.readAt && <span className="message-unread">{t('messages.unread')}</span>}
                <span className="message-title">{m.title}</span>
              </span>
              <MessageMeta m={m} />
            </button>
            <button
              type="button"
              className="message-delete"
              aria-label={t('messages.deleteLabel', { title: m.title })}
              onClick={() => {
                remove.reset();
                setDoomed(m);
              }}
            >
              {t('messages.delete')}
            </button>
          </li>
        ))}
      </ul>
      {remove.isError && (
        <p className="form-error" role="alert">
          {errorText(t, remove.error)}
        </p>
      )}
      <Pagination page={data.pageNum || page} totalPages={data.totalPages} onPage={setPage} range={5} />
      {shown && (
        <Dialog title={shown.title} onClose={() => setShown(null)} className="message-dialog">
          <MessageMeta m={shown} />
          <div className="message-body">{shown.body}</div>
          {markRead.isError && (
            <p className="form-error" role="alert">
              {errorText(t, markRead.error)}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={() => setShown(null)}>
              {t('common.close')}
            </button>
          </div>
        </Dialog>
      )}
      {doomed && (
        <ConfirmDialog
          text={t('messages.confirmDelete', { title: doomed.title })}
          busy={remove.isPending}
          onCancel={() => setDoomed(null)}
          onConfirm={confirmDelete}
        />
      )}
    </div>
  );
}

function MessageMeta({ m }: { m: InboxMessage }) {
  const { t } = useTranslation();
  return (
    <span className="message-meta">
      {m.sender && <span>{t('messages.from', { sender: m.sender })}</span>}
      <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
    </span>
  );
}
