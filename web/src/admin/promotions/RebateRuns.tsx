import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet, adminPost, withQuery } from '../lib/api';
import { can, useAdminSession } from '../lib/session';
import { promotionsKey } from './keys';
import { count, moneyText, when } from './money';
import { rebateApi } from './RebatePanel';
import { Badge, Confirm, Empty, LoadError, held, useNotice } from './ui';
import { rebateKinds, type Page, type RebatePayout, type RebateRun, type RunPage } from './types';

type Rerun = { kind: string; periodStart: string };

/** periodStartOf turns a picked day into the period's start the server
 * keys runs by: that day's midnight in the reporting zone the runs answer
 * names ("+07:00"), as RFC 3339. Empty when the day or zone is not one. */
export function periodStartOf(day: string, zone: string | undefined): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !zone) return '';
  const z = zone === 'Z' || zone === '+00:00' ? 'Z' : zone;
  return /^(Z|[+-]\d{2}:\d{2})$/.test(z) ? `${day}T00:00:00${z}` : '';
}

/** RebateRuns lists the settlement runs with their totals; a run opens
 * its payouts (and their CSV). With promotions.review a period is run
 * again after a confirm: only what is missing is paid. */
export function RebateRuns() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const reviewer = can(me, 'promotions.review');
  const [pageNum, setPageNum] = useState(1);
  const [size, setSize] = useState(20);
  const [opened, setOpened] = useState<RebateRun | null>(null);
  const [ask, setAsk] = useState<Rerun | null>(null);
  const [kind, setKind] = useState<string>('rebate');
  const [day, setDay] = useState('');
  const [dayProblem, setDayProblem] = useState(false);
  const [notice, say] = useNotice();
  const query = { pageNum, pageSize: size };
  const page = useQuery({
    queryKey: [...promotionsKey, 'rebate', 'runs', query],
    queryFn: ({ signal }) => adminGet<RunPage>(`${rebateApi}/runs`, query, signal),
    placeholderData: keepPreviousData,
    enabled: opened === null,
  });
  const rerun = useMutation({
    mutationFn: (r: Rerun) => adminPost<unknown>(`${rebateApi}/runs/rerun`, r),
    onSuccess: () => {
      setAsk(null);
      say(t('promotions.rebate.rerunDone'));
      void client.invalidateQueries({ queryKey: [...promotionsKey, 'rebate', 'runs'] });
    },
    onError: (err) => {
      if (held(err)) {
        setAsk(null);
        say(t('promotions.held'));
      }
    },
  });
  const confirm = ask && (
    <Confirm
      title={t('promotions.rebate.rerun')}
      text={t('promotions.rebate.rerunEffect', { kind: t(`promotions.rebate.kindIs.${ask.kind}`), start: when(ask.periodStart, i18n.language) })}
      confirm={t('promotions.rebate.rerunConfirm')}
      busy={rerun.isPending}
      error={rerun.error}
      onConfirm={() => rerun.mutate(ask)}
      onClose={() => {
        rerun.reset();
        setAsk(null);
      }}
    />
  );

  if (opened) {
    return (
      <section className="pr-panel" aria-labelledby="pr-runs">
        <h2 className="pr-subhead" id="pr-runs">
          {t('promotions.rebate.runTitle', { id: opened.id })}
        </h2>
        <RunPayouts run={opened} onBack={() => setOpened(null)} />
      </section>
    );
  }

  const rows = page.data?.content ?? [];
  const m = (v: number) => moneyText(v, page.data, i18n.language);
  return (
    <section className="pr-panel" aria-labelledby="pr-runs">
      <h2 className="pr-subhead" id="pr-runs">
        {t('promotions.rebate.runs')}
      </h2>
      {notice}
      {reviewer && (
        <form
          className="admin-filters"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const start = periodStartOf(day, page.data?.timezone);
            setDayProblem(!start);
            if (start) setAsk({ kind, periodStart: start });
          }}
        >
          <label className="admin-field">
            <span>{t('promotions.rebate.kind')}</span>
            <select className="input admin-select" value={kind} onChange={(e) => setKind(e.target.value)}>
              {rebateKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`promotions.rebate.kindIs.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="admin-field">
            <label htmlFor="pr-rerun-day">{t('promotions.rebate.periodStart')}</label>
            <input
              id="pr-rerun-day"
              type="date"
              className="input"
              value={day}
              onChange={(e) => setDay(e.target.value)}
              aria-invalid={dayProblem ? true : undefined}
              aria-describedby="pr-rerun-day-hint"
            />
            <span className="muted pr-small" id="pr-rerun-day-hint">
              {t('promotions.rebate.periodStartHint', { zone: page.data?.timezone ?? '' })}
            </span>
            {dayProblem && (
              <span className="admin-error pr-field-problem" role="alert">
                {t('promotions.problem.required')}
              </span>
            )}
          </div>
          <div className="admin-filter-actions">
            <button type="submit" className="button button-small">
              {t('promotions.rebate.rerun')}
            </button>
          </div>
        </form>
      )}
      {page.isError && <LoadError error={page.error} onRetry={() => void page.refetch()} />}
      <div className="admin-table-wrap">
        <table className="admin-table pr-table" aria-busy={page.isFetching}>
          <caption className="visually-hidden">{t('promotions.rebate.runs')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('promotions.id')}</th>
              <th scope="col">{t('promotions.rebate.kind')}</th>
              <th scope="col">{t('promotions.rebate.period')}</th>
              <th scope="col" className="pr-num">
                {t('promotions.rebate.members')}
              </th>
              <th scope="col" className="pr-num">
                {t('promotions.amount')}
              </th>
              <th scope="col">{t('promotions.list.status')}</th>
              <th scope="col">{t('promotions.rebate.startedFinished')}</th>
              {reviewer && <th scope="col">{t('promotions.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid={`run-${r.id}`}>
                <td>
                  <button type="button" className="pr-link" onClick={() => setOpened(r)} aria-label={t('promotions.rebate.openRun', { id: r.id })}>
                    {r.id}
                  </button>
                </td>
                <td>{t(`promotions.rebate.kindIs.${r.kind}`, { defaultValue: r.kind })}</td>
                <td className="pr-small">
                  {t(`promotions.rebate.periodIs.${r.period}`, { defaultValue: r.period })}
                  {r.periodStart && <span className="pr-block muted">{when(r.periodStart, i18n.language)}</span>}
                </td>
                <td className="pr-num">{count(r.members, i18n.language)}</td>
                <td className="pr-num">{m(r.amount)}</td>
                <td>
                  <Badge state={r.state} />
                  {r.error && <span className="muted pr-small pr-block">{r.error}</span>}
                </td>
                <td className="pr-small">
                  {when(r.startedAt, i18n.language)}
                  <span className="pr-block muted">{when(r.finishedAt, i18n.language)}</span>
                </td>
                {reviewer && (
                  <td>
                    {r.periodStart && (
                      <button type="button" className="button button-small" onClick={() => setAsk({ kind: r.kind, periodStart: r.periodStart })} aria-label={t('promotions.rebate.rerunOne', { id: r.id })}>
                        {t('promotions.rebate.rerun')}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && rows.length === 0 && <Empty text={t('promotions.rebate.noRuns')} />}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={pageNum}
        totalPages={page.data?.totalPages ?? 0}
        total={page.data?.total ?? 0}
        pageSize={size}
        onPage={setPageNum}
        onSize={(n) => {
          setSize(n);
          setPageNum(1);
        }}
      />
      {confirm}
    </section>
  );
}

function RunPayouts({ run, onBack }: { run: RebateRun; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [size, setSize] = useState(20);
  const query = { pageNum, pageSize: size };
  const page = useQuery({
    queryKey: [...promotionsKey, 'rebate', 'payouts', run.id, query],
    queryFn: ({ signal }) => adminGet<Page<RebatePayout>>(`${rebateApi}/runs/${run.id}/payouts`, query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = page.data?.content ?? [];
  const m = (v: number) => moneyText(v, page.data, i18n.language);
  return (
    <div className="pr-panel" data-testid="run-payouts">
      <div className="pr-head">
        <button type="button" className="button button-small" onClick={onBack}>
          {t('promotions.back')}
        </button>
        <a className="button button-small" href={withQuery(`${rebateApi}/runs/${run.id}/payouts`, { format: 'csv' })} download data-testid="payouts-csv">
          {t('promotions.ledger.csv')}
        </a>
      </div>
      <p className="pr-small">
        {t(`promotions.rebate.kindIs.${run.kind}`, { defaultValue: run.kind })} · {t(`promotions.rebate.periodIs.${run.period}`, { defaultValue: run.period })} · {m(run.amount)}
      </p>
      {page.isError && <LoadError error={page.error} onRetry={() => void page.refetch()} />}
      <div className="admin-table-wrap">
        <table className="admin-table pr-table" aria-busy={page.isFetching}>
          <caption className="visually-hidden">{t('promotions.rebate.payouts')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('promotions.id')}</th>
              <th scope="col">{t('promotions.member')}</th>
              <th scope="col" className="pr-num">
                {t('promotions.rebate.base')}
              </th>
              <th scope="col" className="pr-num">
                {t('promotions.amount')}
              </th>
              <th scope="col">{t('promotions.rebate.paidAt')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id} data-testid={`payout-${p.id}`}>
                <td>{p.id}</td>
                <td>{p.username}</td>
                <td className="pr-num">{m(p.base)}</td>
                <td className="pr-num">{m(p.amount)}</td>
                <td className="pr-small">{when(p.paidAt, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && rows.length === 0 && <Empty text={t('promotions.rebate.noPayouts')} />}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={pageNum}
        totalPages={page.data?.totalPages ?? 0}
        total={page.data?.total ?? 0}
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
