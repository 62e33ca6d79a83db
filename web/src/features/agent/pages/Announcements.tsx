import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { SafeHtml } from '../../../components/SafeHtml';
import { Spinner } from '../../../components/Spinner';
import { useAgentAnnouncements } from '../api';
import { When } from '../Table';

// Announcements are the operator's notes to agents: titles with their
// dates, each opened in place.
export function Announcements() {
  const { t } = useTranslation();
  const q = useAgentAnnouncements();
  const [open, setOpen] = useState<number | null>(null);
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  if (q.data.list.length === 0) return <EmptyState title={t('agent.announcement.empty')} />;
  return (
    <ul className="agent-announcements">
      {q.data.list.map((a) => {
        const shown = open === a.id;
        return (
          <li key={a.id} className="card">
            <button type="button" className="agent-announcement-head" aria-expanded={shown} aria-controls={`agent-ann-${a.id}`} onClick={() => setOpen(shown ? null : a.id)}>
              <span className="agent-announcement-title">{a.title}</span>
              <When ms={a.publishedAt} />
            </button>
            <div id={`agent-ann-${a.id}`} hidden={!shown}>
              {shown && <SafeHtml className="agent-announcement-body" html={a.content} />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
