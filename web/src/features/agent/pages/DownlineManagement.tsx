import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { useMoney } from '../../../data/wallet';
import { useDownlines, type Downline, type MemberRef } from '../api';
import { OfferDialog, useOfferableKinds } from '../ContractOfferForm';
import { TransferDialog } from '../TransferDialog';
import { Amount, Table, When } from '../Table';

// DownlineManagement lists the agent's direct downlines and, through the
// breadcrumb, any downline's own; a username search covers the whole team.
// Money and contract offers go to direct downlines only (the server checks).
export function DownlineManagement() {
  const { t } = useTranslation();
  const id = useId();
  const money = useMoney();
  const [parent, setParent] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const [transfer, setTransfer] = useState<MemberRef | null>(null);
  const [offer, setOffer] = useState<MemberRef | null>(null);
  const offerable = useOfferableKinds().length > 0;
  const q = useDownlines(parent, username, page);
  const d = q.data;
  // Directs are the rows whose parent is the agent itself: every row at the
  // top of the tree (the path is the agent alone), or depth 1 (counted from
  // the agent) in a search.
  const isDirect = (r: Downline) => (username ? r.depth === 1 : d?.path.length === 1);

  const go = (to: number | null) => {
    setParent(to);
    setUsername('');
    setDraft('');
    setPage(1);
  };

  return (
    <div className="agent-downlines">
      <form
        className="agent-fields"
        role="search"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setUsername(draft.trim());
          setPage(1);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-search`}>{t('agent.downlines.search')}</label>
          <input id={`${id}-search`} className="input" dir="ltr" autoComplete="off" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <button type="submit" className="button button-primary">
          {t('records.search')}
        </button>
        {username && (
          <button type="button" className="button button-ghost" onClick={() => go(parent)}>
            {t('agent.downlines.clear')}
          </button>
        )}
      </form>
      {d && !username && d.path.length > 0 && (
        <nav aria-label={t('agent.downlines.path')}>
          <ol className="agent-breadcrumb">
            {d.path.map((m, i) => (
              <li key={m.id}>
                {i === d.path.length - 1 ? (
                  <span aria-current="location">{m.username}</span>
                ) : (
                  <button type="button" className="link-button" onClick={() => go(i === 0 ? null : m.id)}>
                    {m.username}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      {q.isError && !d ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Spinner />
      ) : d.list.length === 0 ? (
        <EmptyState title={username ? t('agent.downlines.noMatch') : t('agent.downlines.empty')} />
      ) : (
        <>
          <Table
            caption={t('agent.page.downlineManagmentView')}
            rows={d.list}
            rowKey={(r) => r.id}
            columns={[
              {
                key: 'user',
                label: t('agent.username'),
                cell: (r) =>
                  r.directCount > 0 ? (
                    <button type="button" className="link-button" dir="ltr" aria-label={t('agent.downlines.open', { username: r.username })} onClick={() => go(r.id)}>
                      {r.username}
                    </button>
                  ) : (
                    <span dir="ltr">{r.username}</span>
                  ),
              },
              { key: 'type', label: t('agent.accountType.label'), cell: (r) => t(r.isAgent ? 'agent.accountType.agent' : 'agent.accountType.member') },
              { key: 'status', label: t('agent.downlines.status'), cell: (r) => <span data-state={r.status}>{t(`agent.downlines.state.${r.status}`)}</span> },
              { key: 'balance', label: t('agent.downlines.balance'), numeric: true, cell: (r) => <Amount minor={r.balance} /> },
              { key: 'login', label: t('agent.downlines.lastLogin'), cell: (r) => <When ms={r.lastLoginAt} /> },
              { key: 'team', label: t('agent.overview.teamSize'), numeric: true, cell: (r) => money.count(r.teamSize) },
              {
                key: 'actions',
                label: t('agent.actions'),
                cell: (r) =>
                  isDirect(r) ? (
                    <span className="agent-actions">
                      <button type="button" className="button button-small" aria-label={t('agent.downlines.transferTo', { username: r.username })} onClick={() => setTransfer({ id: r.id, username: r.username })}>
                        {t('agent.downlines.transfer')}
                      </button>
                      {offerable && r.isAgent && (
                        <button type="button" className="button button-small" aria-label={t('agent.downlines.offerTo', { username: r.username })} onClick={() => setOffer({ id: r.id, username: r.username })}>
                          {t('agent.downlines.offer')}
                        </button>
                      )}
                    </span>
                  ) : null,
              },
            ]}
          />
          <Pagination page={page} totalPages={Math.ceil(d.total / d.pageSize)} onPage={setPage} range={5} />
        </>
      )}
      {transfer && <TransferDialog downline={transfer} onClose={() => setTransfer(null)} />}
      {offer && <OfferDialog member={offer} onClose={() => setOffer(null)} />}
    </div>
  );
}
