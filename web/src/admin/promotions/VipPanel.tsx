import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGet, adminPut } from '../lib/api';
import { errorText } from '../lib/errorText';
import { can, useAdminSession } from '../lib/session';
import { promotionsKey } from './keys';
import { moneyText } from './money';
import { Empty, FieldProblem, LoadError, held, serverField, useNotice, type Problems } from './ui';
import { listOf, type Money, type VipLevel } from './types';
import { levelsOf, newRow, rowOf, validateLevels, type VipRow } from './vipForm';

const vipApi = '/admin/api/vip/levels';
const columns = ['name', 'minDeposit', 'minValidBet', 'windowDays', 'upgradeReward', 'withdrawDailyLimit'] as const;

/** VipPanel edits the merchant's VIP levels: a table of levels with their
 * thresholds over a window, upgrade reward and daily withdrawal limit;
 * levels are added at the top and removed from it. */
export function VipPanel() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const writer = can(me, 'promotions.write');
  const key = [...promotionsKey, 'vip'];
  const answer = useQuery({ queryKey: key, queryFn: ({ signal }) => adminGet<unknown>(vipApi, undefined, signal) });
  const money = (answer.data && !Array.isArray(answer.data) ? answer.data : undefined) as Money | undefined;
  const levels = listOf<VipLevel>(answer.data, 'levels');
  const [rows, setRows] = useState<VipRow[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [notice, say] = useNotice();
  useEffect(() => {
    if (answer.data) setRows(listOf<VipLevel>(answer.data, 'levels').map((l) => rowOf(l, money)));
    // money comes with the same answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer.data]);
  const save = useMutation({
    mutationFn: (body: VipLevel[]) => adminPut<unknown>(vipApi, { levels: body }),
    onSuccess: () => {
      say(t('promotions.saved'));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (err) => {
      if (held(err)) return say(t('promotions.held'));
      const f = serverField(err).replace(/^levels\.|^levels\[(\d+)\]\.?/, (_m, n) => (n ? `${n}.` : ''));
      setProblems({ [/^\d+\.\w+$/.test(f) ? f : '_']: 'server' });
    },
  });
  const server = save.isError ? errorText(save.error, t) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    const p = validateLevels(rows, money);
    setProblems(p);
    if (Object.keys(p).length === 0) save.mutate(levelsOf(rows, money));
  };
  const set = (i: number, k: keyof VipRow, v: string) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  const m = (v: number | null) => (v === null ? t('promotions.vip.noLimit') : moneyText(v, money, i18n.language));

  return (
    <div className="admin-panel pr-panel">
      <p className="muted pr-small">{t('promotions.vip.hint')}</p>
      {notice}
      {answer.isError && <LoadError error={answer.error} onRetry={() => void answer.refetch()} />}
      <form className="pr-form" onSubmit={submit} noValidate>
        <div className="admin-table-wrap">
          <table className="admin-table pr-table">
            <caption className="visually-hidden">{t('sections.promotions.parts.vip')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('promotions.vip.level')}</th>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {t(`promotions.vip.${c}`)}
                  </th>
                ))}
                {writer && <th scope="col">{t('promotions.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {writer
                ? rows.map((r, i) => (
                    <tr key={i} data-testid={`vip-${i}`}>
                      <td>{i}</td>
                      {columns.map((c) => (
                        <td key={c}>
                          <input
                            className="input pr-cell-input"
                            value={r[c]}
                            inputMode={c === 'name' ? undefined : 'decimal'}
                            onChange={(e) => set(i, c, e.target.value)}
                            aria-label={t('promotions.vip.cell', { field: t(`promotions.vip.${c}`), level: i })}
                            aria-invalid={problems[`${i}.${c}`] ? true : undefined}
                            placeholder={c === 'withdrawDailyLimit' ? t('promotions.vip.noLimit') : undefined}
                          />
                          <FieldProblem problems={problems} field={`${i}.${c}`} server={server} />
                        </td>
                      ))}
                      <td>
                        {i === rows.length - 1 && i > 0 && (
                          <button type="button" className="button button-small" onClick={() => setRows(rows.slice(0, -1))} aria-label={t('promotions.vip.removeOne', { level: i })}>
                            {t('promotions.vip.remove')}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))
                : levels.map((l) => (
                    <tr key={l.level} data-testid={`vip-${l.level}`}>
                      <td>{l.level}</td>
                      <td>{l.name}</td>
                      <td className="pr-num">{m(l.minDeposit)}</td>
                      <td className="pr-num">{m(l.minValidBet)}</td>
                      <td className="pr-num">{l.windowDays}</td>
                      <td className="pr-num">{m(l.upgradeReward)}</td>
                      <td className="pr-num">{m(l.withdrawDailyLimit)}</td>
                    </tr>
                  ))}
            </tbody>
          </table>
          {answer.isSuccess && levels.length === 0 && !writer && <Empty text={t('promotions.vip.none')} />}
          {answer.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
        </div>
        <FieldProblem problems={problems} field="_" server={server} />
        {writer && answer.isSuccess && (
          <div className="admin-filter-actions">
            <button type="button" className="button button-small" onClick={() => setRows([...rows, newRow(rows.at(-1))])}>
              {t('promotions.vip.add')}
            </button>
            <button type="submit" className="button button-small button-primary" disabled={save.isPending}>
              {t('promotions.save')}
            </button>
          </div>
        )}
      </form>
    </div>
  );
}
