import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet } from '../lib/api';
import { agentsKey } from './agentsApi';
import { commissionCsv, thisMonth } from './commission';
import { downloadCsv } from './csv';
import { moneyText } from './figures';
import { Empty, LoadError } from './states';
import { agentsApi, contractKinds, totalPages, type CommissionAnswer } from './types';

/** CommissionPanel is what each agent received and paid in contracts over
 * some local days (this month by default), by kind, with the platform's
 * own share; the loaded rows export as CSV. */
export function CommissionPanel() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState(thisMonth);
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [size, setSize] = useState(20);
  const query = { from: range.from, to: range.to, page: pageNum, pageSize: size };
  const page = useQuery({
    queryKey: [...agentsKey, 'commission', query],
    queryFn: ({ signal }) => adminGet<CommissionAnswer>(`${agentsApi}/commission`, query, signal),
    placeholderData: keepPreviousData,
  });
  const data = page.data;
  const rows = data?.list ?? [];
  const m = (v: number, signed = false) => moneyText(v, data, i18n.language, signed);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const p = !draft.from || !draft.to ? 'agents.commission.rangeRequired' : draft.from > draft.to ? 'agents.commission.rangeOrder' : '';
    setProblem(p);
    if (p) return;
    setRange(draft);
    setPageNum(1);
  };
  const exportCsv = () => {
    if (!data) return;
    const header = [t('agents.username'), t('agents.commission.received'), t('agents.commission.paid'), t('agents.commission.net'), ...contractKinds.map((k) => t(`agents.kind.${k}`))];
    downloadCsv(`agent-commission-${range.from}-${range.to}.csv`, commissionCsv(header, rows, data));
  };

  return (
    <div className="admin-panel ag-panel">
      <form className="admin-filters" role="search" aria-label={t('agents.commission.filters')} onSubmit={apply} noValidate>
        <label className="admin-field">
          <span>{t('agents.from')}</span>
          <input className="input" type="date" name="from" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label className="admin-field">
          <span>{t('agents.to')}</span>
          <input className="input" type="date" name="to" value={draft.to} min={draft.from || undefined} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <div className="admin-filter-actions">
          <button type="submit" className="button button-primary button-small">
            {t('agents.apply')}
          </button>
          <button type="button" className="button button-small" onClick={exportCsv} disabled={rows.length === 0}>
            {t('agents.commission.exportCsv')}
          </button>
        </div>
        {problem && (
          <p className="admin-error" role="alert">
            {t(problem)}
          </p>
        )}
      </form>
      {page.isError && <LoadError error={page.error} onRetry={() => void page.refetch()} />}
      {data && (
        <dl className="admin-dl ag-summary" data-testid="commission-summary">
          <div>
            <dt>{t('agents.commission.platformPaid')}</dt>
            <dd>{m(data.summary.platformPaid)}</dd>
          </div>
          <div>
            <dt>{t('agents.commission.totalReceived')}</dt>
            <dd>{m(data.summary.received)}</dd>
          </div>
          <div>
            <dt>{t('agents.commission.totalPaid')}</dt>
            <dd>{m(data.summary.paid)}</dd>
          </div>
        </dl>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table ag-table" aria-busy={page.isFetching}>
          <caption className="visually-hidden">{t('agents.commission.caption', { from: range.from, to: range.to })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agents.username')}</th>
              <th scope="col" className="ag-num">
                {t('agents.commission.received')}
              </th>
              <th scope="col" className="ag-num">
                {t('agents.commission.paid')}
              </th>
              <th scope="col" className="ag-num">
                {t('agents.commission.net')}
              </th>
              {contractKinds.map((k) => (
                <th key={k} scope="col" className="ag-num">
                  {t(`agents.kind.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.member.id} data-testid={`commission-${r.member.id}`}>
                <td>{r.member.username}</td>
                <td className="ag-num">{m(r.received)}</td>
                <td className="ag-num">{m(r.paid)}</td>
                <td className="ag-num">{m(r.net, true)}</td>
                {contractKinds.map((k) => (
                  <td key={k} className="ag-num">
                    {r.byKind[k] ? m(r.byKind[k]!) : '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && rows.length === 0 && <Empty text={t('agents.commission.none')} />}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={pageNum}
        totalPages={totalPages(data)}
        total={data?.total ?? 0}
        pageSize={size}
        onPage={setPageNum}
        onSize={(n) => {
          setSize(n);
          setPageNum(1);
        }}
      />
    </div>
  );
}
