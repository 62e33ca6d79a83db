import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatAmount, formatTime } from '../lib/format';
import type { Page } from '../lib/types';
import { rangeProblem } from './depositQuery';
import { WithdrawalDetail } from './WithdrawalDetail';
import { defaultWithdrawFilter, withdrawCsvHref, withdrawPageQuery, withdrawalsPath, type WithdrawFilter } from './withdrawQuery';
import { withdrawalStatuses, type AdminWithdrawal } from './withdrawTypes';

/** withdrawalsKey is every page of the queue and every detail, asked again
 * after a decision. */
export const withdrawalsKey = ['admin', 'cashier', 'withdrawals'];

/** WithdrawalsPanel is finance's withdrawal queue: filtered (pending by
 * default), sorted and paged on the server, each row opening its detail
 * where it is approved, rejected or, when disputed, resolved. */
export function WithdrawalsPanel() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<WithdrawFilter>(defaultWithdrawFilter);
  const [open, setOpen] = useState<number | null>(null);
  const [outcome, setOutcome] = useState('');
  const query = withdrawPageQuery(filter);
  const page = useQuery({
    queryKey: [...withdrawalsKey, 'list', query],
    queryFn: ({ signal }) => adminGet<Page<AdminWithdrawal>>(withdrawalsPath, query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = page.data?.content ?? [];
  const update = (patch: Partial<WithdrawFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const money = (v: string, currency: string) => `${formatAmount(v, i18n.language)} ${currency}`;

  const sortButton = (key: WithdrawFilter['sort'], label: string) => {
    const on = filter.sort === key;
    return (
      <th scope="col" className={key === 'amount' ? 'csh-num' : undefined} aria-sort={on ? (filter.order === 'desc' ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="admin-sort" onClick={() => update({ sort: key, order: on && filter.order === 'desc' ? 'asc' : 'desc', page: 1 })}>
          {label}
          <span aria-hidden="true">{on ? (filter.order === 'desc' ? ' ↓' : ' ↑') : ' ↕'}</span>
        </button>
      </th>
    );
  };

  return (
    <div className="admin-panel csh-panel">
      <WithdrawFilters key={JSON.stringify(filter)} filter={filter} onApply={(patch) => update({ ...patch, page: 1 })} />
      {outcome && (
        <p className="admin-notice" role="status" data-testid="withdraw-outcome">
          {outcome}
        </p>
      )}
      {page.isError && (
        <p className="admin-error" role="alert">
          {errorText(page.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table csh-table" aria-busy={page.isFetching}>
          <caption className="visually-hidden">{t('sections.cashier.parts.withdrawals')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('cashier.deposits.id')}</th>
              {sortButton('createdAt', t('cashier.deposits.createdAt'))}
              <th scope="col">{t('cashier.deposits.username')}</th>
              <th scope="col">{t('cashier.withdrawals.account')}</th>
              {sortButton('amount', t('cashier.deposits.amount'))}
              <th scope="col">{t('cashier.deposits.status')}</th>
              <th scope="col">{t('cashier.withdrawals.receipt')}</th>
              <th scope="col">{t('cashier.deposits.decided')}</th>
              <th scope="col">{t('cashier.deposits.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid={`withdrawal-${r.id}`}>
                <td>{r.id}</td>
                <td>{formatTime(r.createdAt, i18n.language)}</td>
                <td>{r.username}</td>
                <td>
                  {r.bankName}
                  <span className="muted csh-small csh-block">
                    {r.accountName} · <span dir="ltr">{r.accountNumber || r.accountMasked}</span>
                  </span>
                </td>
                <td className="csh-num">{money(r.amount, r.currency)}</td>
                <td>
                  <span className={`admin-badge csh-wstatus-${r.status}`}>{t(`cashier.wStatus.${r.status}`)}</span>
                  {r.reason && <span className="muted csh-small csh-block">{r.reason}</span>}
                </td>
                <td>{r.receipt ? t(`cashier.withdrawals.receiptIs.${r.receipt}`) : '—'}</td>
                <td>
                  {r.decidedAt ? (
                    <>
                      {formatTime(r.decidedAt, i18n.language)}
                      <span className="muted csh-small csh-block">{r.decidedBy}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <button type="button" className="button button-small" onClick={() => setOpen(r.id)} aria-label={t('cashier.withdrawals.openOne', { id: r.id })}>
                    {t('cashier.withdrawals.open')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && rows.length === 0 && (
          <p className="admin-empty-row" role="status">
            {t('cashier.withdrawals.none')}
          </p>
        )}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={filter.page}
        totalPages={page.data?.totalPages ?? 0}
        total={page.data?.total ?? 0}
        pageSize={filter.size}
        onPage={(n) => update({ page: n })}
        onSize={(n) => update({ size: n, page: 1 })}
      />
      {open !== null && (
        <WithdrawalDetail
          id={open}
          onClose={() => setOpen(null)}
          onDone={(text) => {
            setOpen(null);
            setOutcome(text);
          }}
        />
      )}
    </div>
  );
}

type Draft = Pick<WithdrawFilter, 'status' | 'q' | 'from' | 'to'>;

function WithdrawFilters({ filter, onApply }: { filter: WithdrawFilter; onApply: (d: Draft) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({ status: filter.status, q: filter.q, from: filter.from, to: filter.to });
  const [problem, setProblem] = useState('');
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = rangeProblem(draft.from, draft.to);
    setProblem(p);
    if (!p) onApply({ ...draft, q: draft.q.trim() });
  };
  const reset = () => {
    setProblem('');
    const { status, q, from, to } = defaultWithdrawFilter;
    onApply({ status, q, from, to });
  };
  return (
    <form className="admin-filters" role="search" aria-label={t('cashier.withdrawals.filters')} onSubmit={submit} noValidate>
      <label className="admin-field">
        <span>{t('cashier.deposits.status')}</span>
        <select className="input admin-select" name="status" value={draft.status} onChange={set('status')}>
          <option value="all">{t('cashier.deposits.allStatuses')}</option>
          {withdrawalStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`cashier.wStatus.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-field">
        <span>{t('cashier.deposits.search')}</span>
        <input className="input" type="search" name="q" maxLength={40} autoComplete="off" title={t('cashier.deposits.searchHint')} value={draft.q} onChange={set('q')} />
      </label>
      <label className="admin-field">
        <span>{t('cashier.from')}</span>
        <input className="input" type="date" name="from" value={draft.from} max={draft.to || undefined} onChange={set('from')} aria-invalid={problem ? true : undefined} />
      </label>
      <label className="admin-field">
        <span>{t('cashier.to')}</span>
        <input className="input" type="date" name="to" value={draft.to} min={draft.from || undefined} onChange={set('to')} aria-invalid={problem ? true : undefined} />
      </label>
      <div className="admin-filter-actions">
        <button className="button button-primary button-small" type="submit">
          {t('cashier.apply')}
        </button>
        <button className="button button-small" type="button" onClick={reset}>
          {t('cashier.reset')}
        </button>
        <a className="button button-small" href={withdrawCsvHref(filter)} download data-testid="withdrawals-csv">
          {t('cashier.exportCsv')}
        </a>
      </div>
      {problem && (
        <p className="admin-error" role="alert">
          {t(problem)}
        </p>
      )}
    </form>
  );
}
