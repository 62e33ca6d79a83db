import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet } from '../lib/api';
import { adminLanguages } from '../lib/i18n';
import { agentsKey } from './agentsApi';
import { count, moneyText, rateText, when } from './figures';
import { FiguresDialog } from './FiguresDialog';
import { Empty, LoadError, StateBadge } from './states';
import { agentsApi, payoutStates, rerunnable, totalPages, type Money, type Payout, type Run, type RunAnswer } from './types';

/** RunPayouts is one settlement run: what it did, and its payouts (paged,
 * by state) with the figures each was worked out from. */
export function RunPayouts({ id, onBack, onRerun }: { id: number; onBack: () => void; onRerun?: (run: Run) => void }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [size, setSize] = useState(20);
  const [figures, setFigures] = useState<Payout | null>(null);
  const bcp47 = adminLanguages.find((l) => l.code === i18n.language)?.bcp47 ?? 'en';
  const query = { state, page: pageNum, pageSize: size };
  const answer = useQuery({
    queryKey: [...agentsKey, 'runs', 'one', id, query],
    queryFn: ({ signal }) => adminGet<RunAnswer>(`${agentsApi}/runs/${id}`, query, signal),
    placeholderData: keepPreviousData,
  });
  const data = answer.data;
  const run = data?.run;
  const rows = data?.list ?? [];
  const money = (v: number, signed = false) => moneyText(v, data, i18n.language, signed);

  return (
    <div className="ag-run" data-testid="run-detail">
      <div className="ag-member-head">
        <button type="button" className="button button-small" onClick={onBack}>
          {t('agents.runs.back')}
        </button>
        {run && onRerun && rerunnable(run) && (
          <button type="button" className="button button-small" onClick={() => onRerun(run)}>
            {t('agents.rerun.open')}
          </button>
        )}
      </div>
      {answer.isError && <LoadError error={answer.error} onRetry={() => void answer.refetch()} />}
      {run && (
        <section className="ag-member" aria-label={t('agents.runs.title', { id: run.id })}>
          <h3>
            {t('agents.runs.title', { id: run.id })} · {t(`agents.kind.${run.kind}`)} · {t(`agents.period.${run.period}`)}
          </h3>
          <dl className="admin-dl">
            <div>
              <dt>{t('agents.runs.periodSpan')}</dt>
              <dd>
                {when(run.periodStart, i18n.language)} – {when(run.periodEnd, i18n.language)}
              </dd>
            </div>
            <div>
              <dt>{t('agents.runs.state')}</dt>
              <dd>
                <StateBadge group="runState" state={run.state} />
              </dd>
            </div>
            <div>
              <dt>{t('agents.runs.counts')}</dt>
              <dd>{t('agents.runs.countsAre', { contracts: count(run.contracts, bcp47), paid: count(run.paid, bcp47), insufficient: count(run.insufficient, bcp47), nothing: count(run.nothing, bcp47) })}</dd>
            </div>
            <div>
              <dt>{t('agents.amount')}</dt>
              <dd>{money(run.amount)}</dd>
            </div>
            <div>
              <dt>{t('agents.runs.trigger')}</dt>
              <dd>{t(`agents.runs.triggerIs.${run.trigger}`)}</dd>
            </div>
            {run.error && (
              <div>
                <dt>{t('agents.runs.error')}</dt>
                <dd className="ag-error-cell">{run.error}</dd>
              </div>
            )}
          </dl>
        </section>
      )}
      <div className="admin-filters">
        <label className="admin-field">
          <span>{t('agents.payouts.state')}</span>
          <select
            className="input admin-select"
            value={state}
            onChange={(e) => {
              setState(e.target.value);
              setPageNum(1);
            }}
          >
            <option value="">{t('agents.all')}</option>
            {payoutStates.map((s) => (
              <option key={s} value={s}>
                {t(`agents.payoutState.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PayoutsTable rows={rows} money={data} busy={answer.isFetching} onFigures={setFigures} />
      {answer.isSuccess && rows.length === 0 && <Empty text={t('agents.payouts.none')} />}
      {answer.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
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
      {figures && <FiguresDialog payout={figures} onClose={() => setFigures(null)} />}
    </div>
  );
}

function PayoutsTable({ rows, money, busy, onFigures }: { rows: Payout[]; money: Money | undefined; busy: boolean; onFigures: (p: Payout) => void }) {
  const { t, i18n } = useTranslation();
  const bcp47 = adminLanguages.find((l) => l.code === i18n.language)?.bcp47 ?? 'en';
  const m = (v: number, signed = false) => moneyText(v, money, i18n.language, signed);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table ag-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('agents.payouts.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agents.id')}</th>
            <th scope="col">{t('agents.payouts.member')}</th>
            <th scope="col">{t('agents.payouts.payer')}</th>
            <th scope="col" className="ag-num">
              {t('agents.tree.teamSize')}
            </th>
            <th scope="col" className="ag-num">
              {t('agents.tiers.activeMembers')}
            </th>
            <th scope="col" className="ag-num">
              {t('agents.tiers.validBet')}
            </th>
            <th scope="col" className="ag-num">
              {t('agents.payouts.profitLoss')}
            </th>
            <th scope="col" className="ag-num">
              {t('agents.payouts.base')}
            </th>
            <th scope="col" className="ag-num">
              {t('agents.tiers.tier')}
            </th>
            <th scope="col" className="ag-num">
              {t('agents.tiers.rate')}
            </th>
            <th scope="col" className="ag-num">
              {t('agents.amount')}
            </th>
            <th scope="col">{t('agents.payouts.state')}</th>
            <th scope="col">{t('agents.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} data-testid={`payout-${p.id}`}>
              <td>{p.id}</td>
              <td>{p.member.username}</td>
              <td>{p.payer ? p.payer.username : <span className="muted">{t('agents.platform')}</span>}</td>
              <td className="ag-num">{count(p.teamSize, bcp47)}</td>
              <td className="ag-num">{count(p.activeMembers, bcp47)}</td>
              <td className="ag-num">{m(p.validBet)}</td>
              <td className="ag-num">{m(p.profitLoss, true)}</td>
              <td className="ag-num">{m(p.base)}</td>
              <td className="ag-num">{p.tier < 0 ? <span className="muted">{t('agents.payouts.noTier')}</span> : p.tier + 1}</td>
              <td className="ag-num">{rateText(p.rate, i18n.language)}</td>
              <td className="ag-num">{m(p.amount)}</td>
              <td>
                <StateBadge group="payoutState" state={p.state} />
                {p.state === 'insufficient' && <span className="muted ag-small ag-block">{t('agents.payouts.attempts', { n: p.attempts })}</span>}
                {p.paidAt > 0 && <span className="muted ag-small ag-block">{when(p.paidAt, i18n.language)}</span>}
              </td>
              <td>
                <button type="button" className="button button-small" onClick={() => onFigures(p)} aria-label={t('agents.figures.openOne', { id: p.id })}>
                  {t('agents.figures.open')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
