import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { gameTypes } from '../games/gamesApi';
import { adminGet, adminPut } from '../lib/api';
import { errorText } from '../lib/errorText';
import { can, useAdminSession } from '../lib/session';
import { promotionsKey } from './keys';
import { moneyText, rateText } from './money';
import { blankRate, rateRowOf, ratesOf, validateRates, type RateRow } from './rateForm';
import { RebateRuns } from './RebateRuns';
import { Empty, FieldProblem, LoadError, held, serverField, useNotice, type Problems } from './ui';
import { listOf, rebateKinds, rebateModes, rebatePeriods, type Money, type Rate } from './types';

export const rebateApi = '/admin/api/rebate';

/** RebatePanel is rebate and cashback: the rates (by kind, game type and
 * VIP level) and the settlement runs with their payouts. */
export function RebatePanel() {
  return (
    <div className="admin-panel pr-panel">
      <RatesEditor />
      <RebateRuns />
    </div>
  );
}

const cells = ['kind', 'gameType', 'vipLevel', 'rate', 'period', 'mode', 'minPayout', 'cap'] as const;

function RatesEditor() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const writer = can(me, 'promotions.write');
  const key = [...promotionsKey, 'rebate', 'rates'];
  const answer = useQuery({ queryKey: key, queryFn: ({ signal }) => adminGet<unknown>(`${rebateApi}/rates`, undefined, signal) });
  const money = (answer.data && !Array.isArray(answer.data) ? answer.data : undefined) as Money | undefined;
  const rates = answer.data ? (Array.isArray(answer.data) ? (answer.data as Rate[]) : listOf<Rate>(answer.data, 'rates').length ? listOf<Rate>(answer.data, 'rates') : listOf<Rate>(answer.data, 'content')) : [];
  const [rows, setRows] = useState<RateRow[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [notice, say] = useNotice();
  useEffect(() => {
    if (answer.data) setRows(rates.map((r) => rateRowOf(r, money)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer.data]);
  const save = useMutation({
    mutationFn: (body: Rate[]) => adminPut<unknown>(`${rebateApi}/rates`, { rates: body }),
    onSuccess: () => {
      say(t('promotions.saved'));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (err) => {
      if (held(err)) return say(t('promotions.held'));
      const f = serverField(err).replace(/^rates\.|^rates\[(\d+)\]\.?/, (_m, n) => (n ? `${n}.` : '')).replace(/\.rateBp$/, '.rate');
      setProblems({ [/^\d+\.\w+$/.test(f) ? f : '_']: 'server' });
    },
  });
  const server = save.isError ? errorText(save.error, t) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    const p = validateRates(rows, money);
    setProblems(p);
    if (Object.keys(p).length === 0) save.mutate(ratesOf(rows, money));
  };
  const set = (i: number, k: keyof RateRow, v: string) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  const label = (c: string, i: number) => t('promotions.rebate.cell', { field: t(`promotions.rebate.${c}`), row: i + 1 });
  const select = (i: number, c: 'kind' | 'gameType' | 'period' | 'mode', options: readonly string[], text: (o: string) => string) => (
    <select className="input admin-select pr-cell-input" value={rows[i][c]} onChange={(e) => set(i, c, e.target.value)} aria-label={label(c, i)} aria-invalid={problems[`${i}.${c}`] ? true : undefined}>
      {options.map((o) => (
        <option key={o} value={o}>
          {text(o)}
        </option>
      ))}
    </select>
  );
  const gameLabel = (g: string) => (g ? t(`games.types.${g}`, { defaultValue: g }) : t('promotions.rebate.allGames'));
  return (
    <section className="pr-panel" aria-labelledby="pr-rates">
      <h2 className="pr-subhead" id="pr-rates">
        {t('promotions.rebate.rates')}
      </h2>
      <p className="muted pr-small">{t('promotions.rebate.ratesHint')}</p>
      {notice}
      {answer.isError && <LoadError error={answer.error} onRetry={() => void answer.refetch()} />}
      <form className="pr-form" onSubmit={submit} noValidate>
        <div className="admin-table-wrap">
          <table className="admin-table pr-table">
            <caption className="visually-hidden">{t('promotions.rebate.rates')}</caption>
            <thead>
              <tr>
                {cells.map((c) => (
                  <th key={c} scope="col">
                    {t(`promotions.rebate.${c}`)}
                  </th>
                ))}
                {writer && <th scope="col">{t('promotions.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {writer
                ? rows.map((r, i) => (
                    <tr key={i} data-testid={`rate-${i}`}>
                      <td>{select(i, 'kind', rebateKinds, (o) => t(`promotions.rebate.kindIs.${o}`))}</td>
                      <td>
                        {select(i, 'gameType', ['', ...gameTypes], gameLabel)}
                        <FieldProblem problems={problems} field={`${i}.gameType`} server={server} />
                      </td>
                      {(['vipLevel', 'rate'] as const).map((c) => (
                        <td key={c}>
                          <input className="input pr-cell-input" inputMode="decimal" value={r[c]} onChange={(e) => set(i, c, e.target.value)} aria-label={label(c, i)} aria-invalid={problems[`${i}.${c}`] ? true : undefined} />
                          <FieldProblem problems={problems} field={`${i}.${c}`} server={server} />
                        </td>
                      ))}
                      <td>
                        {select(i, 'period', rebatePeriods, (o) => t(`promotions.rebate.periodIs.${o}`))}
                        <FieldProblem problems={problems} field={`${i}.period`} server={server} />
                      </td>
                      <td>{select(i, 'mode', rebateModes, (o) => t(`promotions.rebate.modeIs.${o}`))}</td>
                      {(['minPayout', 'cap'] as const).map((c) => (
                        <td key={c}>
                          <input className="input pr-cell-input" inputMode="decimal" value={r[c]} onChange={(e) => set(i, c, e.target.value)} aria-label={label(c, i)} aria-invalid={problems[`${i}.${c}`] ? true : undefined} />
                          <FieldProblem problems={problems} field={`${i}.${c}`} server={server} />
                        </td>
                      ))}
                      <td>
                        <button type="button" className="button button-small" onClick={() => setRows(rows.filter((_, j) => j !== i))} aria-label={t('promotions.rebate.removeOne', { row: i + 1 })}>
                          {t('promotions.vip.remove')}
                        </button>
                      </td>
                    </tr>
                  ))
                : rates.map((r, i) => (
                    <tr key={r.id ?? i} data-testid={`rate-${i}`}>
                      <td>{t(`promotions.rebate.kindIs.${r.kind}`)}</td>
                      <td>{gameLabel(r.gameType)}</td>
                      <td>{r.vipLevel}</td>
                      <td className="pr-num">{rateText(r.rateBp, i18n.language)}</td>
                      <td>{t(`promotions.rebate.periodIs.${r.period}`)}</td>
                      <td>{t(`promotions.rebate.modeIs.${r.mode}`)}</td>
                      <td className="pr-num">{moneyText(r.minPayout, money, i18n.language)}</td>
                      <td className="pr-num">{r.cap ? moneyText(r.cap, money, i18n.language) : '—'}</td>
                    </tr>
                  ))}
            </tbody>
          </table>
          {answer.isSuccess && (writer ? rows : rates).length === 0 && <Empty text={t('promotions.rebate.noRates')} />}
        </div>
        <FieldProblem problems={problems} field="_" server={server} />
        {writer && answer.isSuccess && (
          <div className="admin-filter-actions">
            <button type="button" className="button button-small" onClick={() => setRows([...rows, blankRate()])}>
              {t('promotions.rebate.add')}
            </button>
            <button type="submit" className="button button-small button-primary" disabled={save.isPending}>
              {t('promotions.save')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
