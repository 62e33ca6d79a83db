import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet } from '../lib/api';
import { can, useAdminSession } from '../lib/session';
import { agentsKey } from './agentsApi';
import { ContractDialog } from './ContractDialog';
import { rateText, when } from './figures';
import { Empty, LoadError, StateBadge } from './states';
import { TerminateDialog } from './TerminateDialog';
import { TiersTable } from './TiersTable';
import { agentsApi, contractKinds, contractStates, totalPages, type AgentPage, type Contract } from './types';

/** contractsKey is every contracts page, asked again after a change. */
export const contractsKey = [...agentsKey, 'contracts'];

type Filter = { state: string; kind: string; username: string; page: number; size: number };
const firstFilter: Filter = { state: '', kind: '', username: '', page: 1, size: 20 };

/** ContractsPanel lists the merchant's contracts (between agents and the
 * platform's own), filtered and paged on the server; a row opens its
 * tiers. With agents.write: the platform's offer to a top agent, and the
 * termination of an offered or active contract. */
export function ContractsPanel() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const writer = can(me, 'agents.write');
  const [filter, setFilter] = useState<Filter>(firstFilter);
  const [draft, setDraft] = useState<Filter>(firstFilter);
  const [openRow, setOpenRow] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<Contract | null>(null);
  const [outcome, setOutcome] = useState('');
  const query = { state: filter.state, kind: filter.kind, username: filter.username, page: filter.page, pageSize: filter.size };
  const page = useQuery({
    queryKey: [...contractsKey, query],
    queryFn: ({ signal }) => adminGet<AgentPage<Contract>>(`${agentsApi}/contracts`, query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = page.data?.list ?? [];
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...draft, username: draft.username.trim(), page: 1 });
  };
  const done = (text: string) => {
    setCreating(false);
    setEnding(null);
    setOutcome(text);
    void client.invalidateQueries({ queryKey: agentsKey });
  };
  const set = (k: 'state' | 'kind' | 'username') => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });

  return (
    <div className="admin-panel ag-panel">
      <form className="admin-filters" role="search" aria-label={t('agents.contracts.filters')} onSubmit={apply}>
        <label className="admin-field">
          <span>{t('agents.contracts.state')}</span>
          <select className="input admin-select" value={draft.state} onChange={set('state')}>
            <option value="">{t('agents.all')}</option>
            {contractStates.map((s) => (
              <option key={s} value={s}>
                {t(`agents.contractState.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>{t('agents.kindLabel')}</span>
          <select className="input admin-select" value={draft.kind} onChange={set('kind')}>
            <option value="">{t('agents.all')}</option>
            {contractKinds.map((k) => (
              <option key={k} value={k}>
                {t(`agents.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>{t('agents.username')}</span>
          <input className="input" type="search" name="username" autoComplete="off" maxLength={64} value={draft.username} onChange={set('username')} />
        </label>
        <div className="admin-filter-actions">
          <button type="submit" className="button button-primary button-small">
            {t('agents.apply')}
          </button>
          {writer && (
            <button type="button" className="button button-small" onClick={() => setCreating(true)}>
              {t('agents.offer.open')}
            </button>
          )}
        </div>
      </form>
      {outcome && (
        <p className="admin-notice" role="status" data-testid="contracts-outcome">
          {outcome}
        </p>
      )}
      {page.isError && <LoadError error={page.error} onRetry={() => void page.refetch()} />}
      <div className="admin-table-wrap">
        <table className="admin-table ag-table" aria-busy={page.isFetching}>
          <caption className="visually-hidden">{t('sections.agents.parts.contracts')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agents.id')}</th>
              <th scope="col">{t('agents.contracts.member')}</th>
              <th scope="col">{t('agents.contracts.upline')}</th>
              <th scope="col">{t('agents.kindLabel')}</th>
              <th scope="col">{t('agents.periodLabel')}</th>
              <th scope="col" className="ag-num">
                {t('agents.contracts.topRate')}
              </th>
              <th scope="col">{t('agents.contracts.state')}</th>
              <th scope="col">{t('agents.contracts.offeredAt')}</th>
              <th scope="col">{t('agents.contracts.startsEnds')}</th>
              <th scope="col">{t('agents.contracts.endedReason')}</th>
              <th scope="col">{t('agents.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <Fragment key={c.id}>
                <tr data-testid={`contract-${c.id}`}>
                  <td>
                    <button
                      type="button"
                      className="ag-link"
                      aria-expanded={openRow === c.id}
                      aria-controls={`contract-tiers-${c.id}`}
                      aria-label={t('agents.contracts.tiersOf', { id: c.id })}
                      onClick={() => setOpenRow(openRow === c.id ? null : c.id)}
                    >
                      <span aria-hidden="true">{openRow === c.id ? '▾ ' : '▸ '}</span>
                      {c.id}
                    </button>
                  </td>
                  <td>{c.member.username}</td>
                  <td>{c.upline ? c.upline.username : <span className="muted">{t('agents.platform')}</span>}</td>
                  <td>{t(`agents.kind.${c.kind}`)}</td>
                  <td>{t(`agents.period.${c.period}`)}</td>
                  <td className="ag-num">{rateText(c.topRate, i18n.language)}</td>
                  <td>
                    <StateBadge group="contractState" state={c.state} />
                  </td>
                  <td>{when(c.offeredAt, i18n.language)}</td>
                  <td>
                    {when(c.startsAt, i18n.language)}
                    <span className="muted ag-small ag-block">{when(c.endsAt, i18n.language)}</span>
                  </td>
                  <td className="ag-wrap">{c.endedReason ? t(`agents.endedReason.${c.endedReason}`) : '—'}</td>
                  <td>
                    {writer && (c.state === 'offered' || c.state === 'active') && !(c.state === 'active' && c.endsAt) && (
                      <button type="button" className="button button-small admin-danger" onClick={() => setEnding(c)}>
                        {t('agents.terminate.open')}
                      </button>
                    )}
                  </td>
                </tr>
                {openRow === c.id && (
                  <tr id={`contract-tiers-${c.id}`} className="ag-expanded">
                    <td colSpan={11}>
                      <TiersTable contract={c} money={page.data!} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
        {page.isSuccess && rows.length === 0 && <Empty text={t('agents.contracts.none')} />}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={filter.page}
        totalPages={totalPages(page.data)}
        total={page.data?.total ?? 0}
        pageSize={filter.size}
        onPage={(n) => setFilter({ ...filter, page: n })}
        onSize={(n) => setFilter({ ...filter, size: n, page: 1 })}
      />
      {creating && <ContractDialog money={page.data} onClose={() => setCreating(false)} onDone={done} />}
      {ending && <TerminateDialog contract={ending} onClose={() => setEnding(null)} onDone={done} />}
    </div>
  );
}
