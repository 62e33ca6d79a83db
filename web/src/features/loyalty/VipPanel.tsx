import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { usePermission } from '../../data/permission';
import { useMoney } from '../../data/wallet';
import { useSessionToken } from '../../lib/session';
import { useTrial } from '../promotions/api';
import { ProgressBar } from '../promotions/ProgressBar';
import { useVip, useVipLevels, type Vip, type VipLevel } from './api';
import '../../styles/data.css';

// nextPercent is the way to the next level: the lesser of the deposit and
// the valid-bet fractions, since both must be met.
export function nextPercent(v: Pick<Vip, 'next' | 'progress'>): number {
  if (!v.next) return 100;
  const part = (done: number, need: number) => (need > 0 ? Math.min(1, done / need) : 1);
  return Math.floor(Math.min(part(v.progress.deposits, v.next.minDeposit), part(v.progress.validBet, v.next.minValidBet)) * 100);
}

// VipPanel is the VIP tab of /promotions (G-013): the member's level and
// progress to the next, and every level with its requirement and rewards.
// A visitor reads the levels.
export function VipPanel() {
  const { t } = useTranslation();
  const p = usePermission();
  // /wps/vip is a real account's; a trial account reads the levels as a
  // visitor does. With the merchant's VIP switch off both calls refuse.
  const token = useSessionToken();
  const trial = useTrial();
  const loggedIn = !!token && !trial;
  const mine = useVip(loggedIn && p.vip);
  const pub = useVipLevels(!loggedIn && p.vip);
  if (!p.vip) return <EmptyState title={t('vip.none')} />;
  const q = loggedIn ? mine : pub;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const v = loggedIn ? mine.data : undefined;
  return (
    <div className="loyalty-section">
      {v && <Mine vip={v} />}
      <Levels levels={q.data.levels} current={v?.level} />
    </div>
  );
}

function Mine({ vip: v }: { vip: Vip }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <section className="loyalty-running" aria-labelledby="vip-mine">
      <h3 id="vip-mine">{t('vip.myLevel', { name: v.name, level: v.level })}</h3>
      {v.next ? (
        <>
          <p>{t('vip.toNext', { name: v.next.name })}</p>
          <ProgressBar percent={nextPercent(v)} label={t('vip.progressLabel')} />
          <dl className="data-facts">
            <div>
              <dt>{t('vip.deposits', { days: v.progress.windowDays })}</dt>
              <dd>
                {money.format(v.progress.deposits)} / {money.format(v.next.minDeposit)}
              </dd>
            </div>
            <div>
              <dt>{t('vip.validBet', { days: v.progress.windowDays })}</dt>
              <dd>
                {money.format(v.progress.validBet)} / {money.format(v.next.minValidBet)}
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <p>{t('vip.top')}</p>
      )}
    </section>
  );
}

function Levels({ levels, current }: { levels: VipLevel[]; current?: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (levels.length === 0) return <EmptyState title={t('vip.none')} />;
  return (
    <section aria-labelledby="vip-levels">
      <h3 id="vip-levels">{t('vip.levels')}</h3>
      <div className="data-table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('vip.col.level')}</th>
              <th scope="col" data-numeric>
                {t('vip.col.minDeposit')}
              </th>
              <th scope="col" data-numeric>
                {t('vip.col.minValidBet')}
              </th>
              <th scope="col" data-numeric>
                {t('vip.col.upgradeReward')}
              </th>
              <th scope="col" data-numeric>
                {t('vip.col.withdrawLimit')}
              </th>
            </tr>
          </thead>
          <tbody>
            {levels.map((l) => (
              <tr key={l.level} className={l.level === current ? 'vip-current' : undefined} aria-current={l.level === current ? 'true' : undefined}>
                <th scope="row">
                  {l.name} <span className="muted">({l.level})</span>
                </th>
                <td data-numeric>{money.format(l.minDeposit)}</td>
                <td data-numeric>{money.format(l.minValidBet)}</td>
                <td data-numeric>{l.upgradeReward > 0 ? money.format(l.upgradeReward) : '–'}</td>
                <td data-numeric>{l.withdrawDailyLimit === null ? t('vip.noLimit') : money.format(l.withdrawDailyLimit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{t('vip.windowNote', { days: levels[0]?.windowDays ?? 30 })}</p>
    </section>
  );
}
