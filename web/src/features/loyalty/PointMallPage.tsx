import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { usePermission } from '../../data/permission';
import { useMoney } from '../../data/wallet';
import { formatTime } from '../../lib/format';
import { openPopup } from '../../lib/popups';
import { useSessionToken } from '../../lib/session';
import { Table } from '../agent/Table';
import { useTrial } from '../promotions/api';
import { useMallItems, usePointsBalance, usePointsConfig, usePointsEntries, usePointsReward, useRedemptions, type MallItem, type RedeemStatus } from './api';
import { ConvertDialog } from './ConvertDialog';
import { maxQuantity, RedeemDialog } from './RedeemDialog';
import '../../styles/data.css';
import '../promotions/loyalty.css';
import '../promotions/strings';

const tabs = ['items', 'history', 'details'] as const;
type Tab = (typeof tabs)[number];

// statusKey words a redemption's status (G-017): applying reads "in process".
export function statusKey(s: RedeemStatus): string {
  return `pointMall.status.${s}`;
}

// PointMallPage is /pointMall (G-015..G-020): the member's points, the
// items to redeem, the redeem history and the points details.
export function PointMallPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const loggedIn = !!useSessionToken();
  const trial = useTrial();
  // A merchant may not run a points mall at all (module switch).
  if (!usePermission().pointMall)
    return (
      <div className="page">
        <h1 className="page-title">{t('pointMall.title')}</h1>
        <EmptyState title={t('pointMall.off')} />
      </div>
    );
  const tab: Tab = tabs.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'items';
  return (
    <div className="page mall-page">
      <h1 className="page-title">{t('pointMall.title')}</h1>
      {trial ? (
        // The points calls are real accounts only.
        <EmptyState title={t('errors.realAccount')} />
      ) : !loggedIn ? (
        <EmptyState title={t('pointMall.loginFirst')}>
          <p className="muted">{t('pointMall.neverExpire')}</p>
          <button type="button" className="button button-primary" onClick={() => openPopup('login')}>
            {t('pointMall.login')}
          </button>
        </EmptyState>
      ) : (
        <div className="loyalty-section">
          <Summary />
          <div className="tabs promo-tabs" role="tablist" aria-label={t('pointMall.title')}>
            {tabs.map((k) => (
              <button key={k} type="button" role="tab" className="tab" aria-selected={k === tab} onClick={() => setParams(k === 'items' ? {} : { tab: k })}>
                {t(`pointMall.${k}`)}
              </button>
            ))}
          </div>
          {tab === 'items' ? <Items /> : tab === 'history' ? <History /> : <Details />}
        </div>
      )}
    </div>
  );
}

function Summary() {
  const { t } = useTranslation();
  const money = useMoney();
  const balance = usePointsBalance();
  const reward = usePointsReward();
  const config = usePointsConfig();
  const [converting, setConverting] = useState(false);
  if (balance.isError) return <LoadError error={balance.error} onRetry={() => void balance.refetch()} />;
  const points = balance.data?.points ?? 0;
  const c = config.data;
  return (
    <section className="loyalty-running" aria-label={t('pointMall.balance')}>
      <dl className="data-facts">
        <div>
          <dt>{t('pointMall.balance')}</dt>
          <dd data-testid="points-balance">{balance.data ? money.count(points) : '…'}</dd>
        </div>
        {reward.data && (
          <>
            <div>
              <dt>{t('pointMall.today')}</dt>
              <dd>{money.count(reward.data.today)}</dd>
            </div>
            <div>
              <dt>{t('pointMall.yesterday')}</dt>
              <dd>{money.count(reward.data.yesterday)}</dd>
            </div>
            <div>
              <dt>{t('pointMall.total')}</dt>
              <dd>{money.count(reward.data.total)}</dd>
            </div>
          </>
        )}
      </dl>
      <div className="loyalty-head">
        <p className="muted">{t('pointMall.neverExpire')}</p>
        {c?.enabled && c.convertRate > 0 && (
          <button type="button" className="button" onClick={() => setConverting(true)} disabled={!balance.data}>
            {t('pointMall.convert')}
          </button>
        )}
      </div>
      {converting && c && <ConvertDialog config={c} points={points} onClose={() => setConverting(false)} />}
    </section>
  );
}

function Items() {
  const { t } = useTranslation();
  const money = useMoney();
  const q = useMallItems();
  const balance = usePointsBalance();
  const [chosen, setChosen] = useState<MallItem | null>(null);
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  if (q.data.content.length === 0) return <EmptyState title={t('pointMall.empty')} />;
  const points = balance.data?.points ?? 0;
  return (
    <>
      <div className="mall-items">
        {q.data.content.map((i) => (
          <article key={i.id} className="card mall-item" data-testid={`item-${i.id}`}>
            {i.imageUrl && <img src={i.imageUrl} alt="" loading="lazy" />}
            <h3>{i.name}</h3>
            {i.description && <p className="muted">{i.description}</p>}
            <p className="mall-points">{t('pointMall.points', { points: money.count(i.points) })}</p>
            {i.kind === 'cash' && <p>{t('pointMall.cashValue', { amount: money.format(i.cashAmount) })}</p>}
            {i.amountRequirement > 0 && <p className="muted">{t('pointMall.requirement', { amount: money.format(i.amountRequirement) })}</p>}
            <p className="muted">{i.quantity > 0 ? t('pointMall.stock', { n: i.quantity }) : t('pointMall.soldOut')}</p>
            <button type="button" className="button button-primary" disabled={i.quantity <= 0} onClick={() => setChosen(i)}>
              {t('pointMall.redeem')}
            </button>
            {i.quantity > 0 && maxQuantity(i, points) === 0 && balance.data && <p className="muted">{t('pointMall.notEnough')}</p>}
          </article>
        ))}
      </div>
      {chosen && <RedeemDialog item={chosen} points={points} onClose={() => setChosen(null)} />}
    </>
  );
}

function History() {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const q = useRedemptions(page);
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  if (q.data.content.length === 0) return <EmptyState title={t('pointMall.noHistory')} />;
  return (
    <>
      <Table
        caption={t('pointMall.history')}
        rowKey={(r) => r.id}
        rows={q.data.content}
        columns={[
          { key: 'time', label: t('pointMall.col.applyTime'), cell: (r) => <time dateTime={r.applyTime}>{formatTime(r.applyTime)}</time> },
          { key: 'ref', label: t('pointMall.col.referenceNo'), cell: (r) => <span dir="ltr">{r.referenceNo}</span> },
          { key: 'name', label: t('pointMall.col.name'), cell: (r) => r.name },
          { key: 'qty', label: t('pointMall.col.quantity'), numeric: true, cell: (r) => money.count(r.quantity) },
          { key: 'points', label: t('pointMall.col.points'), numeric: true, cell: (r) => money.count(r.pointsRequirement) },
          { key: 'amount', label: t('pointMall.col.amountRequirement'), numeric: true, cell: (r) => money.format(r.amountRequirement) },
          {
            key: 'status',
            label: t('pointMall.col.status'),
            cell: (r) => (
              <span className="promo-badge" data-state={r.status}>
                {t(statusKey(r.status))}
              </span>
            ),
          },
          { key: 'reason', label: t('pointMall.col.reason'), cell: (r) => r.reason || '–' },
        ]}
      />
      <Pagination page={page} totalPages={q.data.totalPages} onPage={setPage} range={5} />
    </>
  );
}

function Details() {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const q = usePointsEntries(page);
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  if (q.data.content.length === 0) return <EmptyState title={t('pointMall.noDetails')} />;
  return (
    <>
      <Table
        caption={t('pointMall.details')}
        rowKey={(r) => r.id}
        rows={q.data.content}
        columns={[
          { key: 'time', label: t('pointMall.col.time'), cell: (r) => <time dateTime={r.createdAt}>{formatTime(r.createdAt)}</time> },
          { key: 'kind', label: t('pointMall.col.kind'), cell: (r) => t(`pointMall.kind.${r.kind}`) },
          { key: 'points', label: t('pointMall.col.change'), numeric: true, cell: (r) => <span className="amount" data-tone={r.points > 0 ? 'gain' : r.points < 0 ? 'loss' : 'even'}>{r.points > 0 ? `+${money.count(r.points)}` : r.points < 0 ? `−${money.count(-r.points)}` : '0'}</span> },
          { key: 'balance', label: t('pointMall.col.balance'), numeric: true, cell: (r) => money.count(r.balance) },
          { key: 'ref', label: t('pointMall.col.reference'), cell: (r) => <span dir="ltr">{r.reference || '–'}</span> },
        ]}
      />
      <Pagination page={page} totalPages={q.data.totalPages} onPage={setPage} range={5} />
    </>
  );
}

