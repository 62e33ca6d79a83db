import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { useDownlines, type MemberRef } from './api';

// DownlinePicker chooses the direct downline agent a contract is offered
// to (offers go to direct downlines only, and only agents can sign).
export function DownlinePicker({ onPick, onClose }: { onPick: (m: MemberRef) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [page, setPage] = useState(1);
  const q = useDownlines(null, '', page);
  const d = q.data;
  const agents = d?.list.filter((r) => r.isAgent) ?? [];
  return (
    <Dialog title={t('agent.offer.pick')} onClose={onClose} className="dialog-small">
      {q.isError && !d ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Spinner />
      ) : agents.length === 0 && d.total <= d.pageSize ? (
        <EmptyState title={t('agent.offer.noAgents')} />
      ) : (
        <>
          <ul className="agent-pick-list" aria-labelledby={`${id}-t`}>
            {agents.map((r) => (
              <li key={r.id}>
                <button type="button" className="button button-ghost" dir="ltr" onClick={() => onPick({ id: r.id, username: r.username })}>
                  {r.username}
                </button>
              </li>
            ))}
          </ul>
          <span id={`${id}-t`} className="visually-hidden">
            {t('agent.offer.pick')}
          </span>
          <Pagination page={page} totalPages={Math.ceil(d.total / d.pageSize)} onPage={setPage} range={3} />
        </>
      )}
    </Dialog>
  );
}
