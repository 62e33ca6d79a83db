import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet } from '../lib/api';
import { adminLanguages } from '../lib/i18n';
import { can, useAdminSession } from '../lib/session';
import { agentsKey } from './agentsApi';
import { count, moneyText, when } from './figures';
import { RerunDialog } from './RerunDialog';
import { RunPayouts } from './RunPayouts';
import { Empty, LoadError, StateBadge } from './states';
import { agentsApi, contractKinds, rerunnable, totalPages, type AgentPage, type Run } from './types';

/** runsKey is every runs page and run, asked again after a re-run. */
export const runsKey = [...agentsKey, 'runs'];

/** RunsPanel lists the settlement runs (one per kind and period), newest
 * first; a run opens its payouts. With agents.settle, a run that failed
 * or left payouts unpaid can be run again. */
export function RunsPanel() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const settler = can(me, 'agents.settle');
  const [kind, setKind] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [size, setSize] = useState(20);
  const [opened, setOpened] = useState<number | null>(null);
  const [rerun, setRerun] = useState<Run | null>(null);
  const [outcome, setOutcome] = useState('');
  const bcp47 = adminLanguages.find((l) => l.code === i18n.language)?.bcp47 ?? 'en';
  const query = { kind, page: pageNum, pageSize: size };
  const page = useQuery({
    queryKey: [...runsKey, 'list', query],
    queryFn: ({ signal }) => adminGet<AgentPage<Run>>(`${agentsApi}/runs`, query, signal),
    placeholderData: keepPreviousData,
    enabled: opened === null,
  });
  const done = (text: string) => {
    setRerun(null);
    setOutcome(text);
    void client.invalidateQueries({ queryKey: agentsKey });
  };
  const dialog = rerun && <RerunDialog run={rerun} onClose={() => setRerun(null)} onDone={done} />;
  const notice = outcome && (
    <p className="admin-notice" role="status" data-testid="runs-outcome">
      {outcome}
    </p>
  );

  if (opened !== null) {
    return (
      <div className="admin-panel ag-panel">
        {notice}
        <RunPayouts id={opened} onBack={() => setOpened(null)} onRerun={settler ? setRerun : undefined} />
        {dialog}
      </div>
    );
  }

  const rows = page.data?.list ?? [];
  return (
    <div className="admin-panel ag-panel">
      <div className="admin-filters">
        <label className="admin-field">
          <span>{t('agents.kindLabel')}</span>
          <select
            className="input admin-select"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setPageNum(1);
            }}
          >
            <option value="">{t('agents.all')}</option>
            {contractKinds.map((k) => (
              <option key={k} value={k}>
                {t(`agents.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {notice}
      {page.isError && <LoadError error={page.error} onRetry={() => void page.refetch()} />}
      <div className="admin-table-wrap">
        <table className="admin-table ag-table" aria-busy={page.isFetching}>
          <caption className="visually-hidden">{t('sections.agents.parts.runs')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agents.id')}</th>
              <th scope="col">{t('agents.kindLabel')}</th>
              <th scope="col">{t('agents.periodLabel')}</th>
              <th scope="col">{t('agents.runs.periodSpan')}</th>
              <th scope="col">{t('agents.runs.state')}</th>
              <th scope="col" className="ag-num">
                {t('agents.runs.contracts')}
              </th>
              <th scope="col" className="ag-num">
                {t('agents.payoutState.paid')}
              </th>
              <th scope="col" className="ag-num">
                {t('agents.payoutState.insufficient')}
              </th>
              <th scope="col" className="ag-num">
                {t('agents.payoutState.nothing')}
              </th>
              <th scope="col" className="ag-num">
                {t('agents.amount')}
              </th>
              <th scope="col">{t('agents.runs.startedFinished')}</th>
              <th scope="col">{t('agents.runs.trigger')}</th>
              <th scope="col">{t('agents.runs.error')}</th>
              <th scope="col">{t('agents.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid={`run-${r.id}`}>
                <td>
                  <button type="button" className="ag-link" onClick={() => setOpened(r.id)} aria-label={t('agents.runs.openOne', { id: r.id })}>
                    {r.id}
                  </button>
                </td>
                <td>{t(`agents.kind.${r.kind}`)}</td>
                <td>{t(`agents.period.${r.period}`)}</td>
                <td>
                  {when(r.periodStart, i18n.language)}
                  <span className="muted ag-small ag-block">{when(r.periodEnd, i18n.language)}</span>
                </td>
                <td>
                  <StateBadge group="runState" state={r.state} />
                </td>
                <td className="ag-num">{count(r.contracts, bcp47)}</td>
                <td className="ag-num">{count(r.paid, bcp47)}</td>
                <td className={r.insufficient ? 'ag-num ag-warn' : 'ag-num'}>{count(r.insufficient, bcp47)}</td>
                <td className="ag-num">{count(r.nothing, bcp47)}</td>
                <td className="ag-num">{moneyText(r.amount, page.data, i18n.language)}</td>
                <td>
                  {when(r.startedAt, i18n.language)}
                  <span className="muted ag-small ag-block">{when(r.finishedAt, i18n.language)}</span>
                </td>
                <td>{t(`agents.runs.triggerIs.${r.trigger}`)}</td>
                <td className={r.error ? 'ag-error-cell' : 'muted'}>{r.error || '—'}</td>
                <td>
                  {settler && rerunnable(r) && (
                    <button type="button" className="button button-small" onClick={() => setRerun(r)}>
                      {t('agents.rerun.open')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && rows.length === 0 && <Empty text={t('agents.runs.none')} />}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={pageNum}
        totalPages={totalPages(page.data)}
        total={page.data?.total ?? 0}
        pageSize={size}
        onPage={setPageNum}
        onSize={(n) => {
          setSize(n);
          setPageNum(1);
        }}
      />
      {dialog}
    </div>
  );
}
