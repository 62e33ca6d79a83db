import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGet, withQuery } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatAmount } from '../lib/format';
import { rangeProblem } from './depositQuery';
import type { CashierReport, ReportFigures } from './types';

const reportPath = '/admin/api/cashier/report';
const figures: (keyof ReportFigures)[] = ['deposits', 'depositAmount', 'fees', 'withdrawals', 'withdrawalAmount', 'refunds', 'net'];

/** ReportPanel is the cashier report: credited deposits, paid withdrawals
 * and dispute refunds by local day and channel, with totals and the CSV
 * export of the same days. Empty days let the server pick its default. */
export function ReportPanel() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState({ from: '', to: '' });
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState('');
  const report = useQuery({
    queryKey: ['admin', 'cashier', 'report', range],
    queryFn: ({ signal }) => adminGet<CashierReport>(reportPath, range, signal),
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.content ?? [];
  // refunds is new with withdrawals: a report from before shows a dash.
  const cell = (k: keyof ReportFigures, f: ReportFigures) => (f[k] === undefined ? '—' : k === 'deposits' || k === 'withdrawals' ? String(f[k]) : formatAmount(f[k] as string, i18n.language, k === 'net'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = rangeProblem(draft.from, draft.to);
    setProblem(p);
    if (!p) setRange(draft);
  };

  return (
    <div className="admin-panel csh-panel">
      <form className="admin-filters" role="search" aria-label={t('cashier.report.filters')} onSubmit={submit} noValidate>
        <label className="admin-field">
          <span>{t('cashier.from')}</span>
          <input className="input" type="date" name="from" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label className="admin-field">
          <span>{t('cashier.to')}</span>
          <input className="input" type="date" name="to" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <div className="admin-filter-actions">
          <button className="button button-primary button-small" type="submit">
            {t('cashier.apply')}
          </button>
          <a className="button button-small" href={withQuery(`${reportPath}.csv`, range)} download data-testid="report-csv">
            {t('cashier.exportCsv')}
          </a>
        </div>
        {problem && (
          <p className="admin-error" role="alert">
            {t(problem)}
          </p>
        )}
      </form>
      {report.isError && (
        <p className="admin-error" role="alert">
          {errorText(report.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table csh-table" aria-busy={report.isFetching}>
          <caption className="visually-hidden">{t('sections.cashier.parts.report')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('cashier.report.day')}</th>
              <th scope="col">{t('cashier.deposits.channel')}</th>
              {figures.map((k) => (
                <th key={k} scope="col" className="csh-num">
                  {t(`cashier.report.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.day}-${r.channelId}`}>
                <td>{r.day}</td>
                <td>{r.channelName}</td>
                {figures.map((k) => (
                  <td key={k} className="csh-num">
                    {cell(k, r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {report.data && rows.length > 0 && (
            <tfoot>
              <tr data-testid="report-totals">
                <th scope="row" colSpan={2}>
                  {t('cashier.report.totals')}
                </th>
                {figures.map((k) => (
                  <td key={k} className="csh-num">
                    {cell(k, report.data.totals)}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
        {report.isSuccess && rows.length === 0 && (
          <p className="admin-empty-row" role="status">
            {t('cashier.report.none')}
          </p>
        )}
        {report.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
    </div>
  );
}
