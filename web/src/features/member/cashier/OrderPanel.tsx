import { useTranslation } from 'react-i18next';
import { ProofImage } from './ProofImage';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { isFinal, useDeposit, type Deposit } from './api';
import { BankTransfer } from './BankTransfer';
import { cashierErrorText } from './errors';
import { useCashierMoney } from './format';
import { ManualSubmit } from './ManualSubmit';

/** OrderPanel is the order being paid: its status, live (read again every
 * few seconds and on the socket's deposit push until final), and what the
 * member does next. */
export function OrderPanel({ id, onNew }: { id: number; onNew: () => void }) {
  const { t } = useTranslation();
  const q = useDeposit(id);
  const newButton = (
    <button type="button" className="button" onClick={onNew}>
      {t('cashier.order.newDeposit')}
    </button>
  );
  if (q.isError && !q.data) {
    // Someone else's order or none at all: the same answer, and a way on.
    if (q.error instanceof ApiError && q.error.status === 404) {
      return (
        <div className="cashier-order">
          <p className="form-error" role="alert">
            {cashierErrorText(t, q.error)}
          </p>
          {newButton}
        </div>
      );
    }
    return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  }
  if (!q.data) return <Spinner />;
  const d = q.data;
  return (
    <article className="cashier-order" aria-labelledby="cashier-order-title" data-status={d.status}>
      <h3 id="cashier-order-title">{t('cashier.order.title', { id: d.id })}</h3>
      <OrderStatus order={d} />
      <OrderFacts order={d} />
      {d.proofUrl && <ProofImage url={d.proofUrl} />}
      {d.status === 'pending' && d.gateway === 'sim' && d.payUrl && (
        <div className="cashier-pay">
          <a className="button button-primary" href={d.payUrl}>
            {t('cashier.payNow')}
          </a>
          <p className="muted">{t('cashier.payHint')}</p>
        </div>
      )}
      {/* A p2p order pays the matched withdrawer's account the same way. */}
      {d.status === 'pending' && (d.gateway === 'manual' || d.gateway === 'match') && (
        <>
          {d.bank && <BankTransfer bank={d.bank} order={d} />}
          <ManualSubmit order={d} />
        </>
      )}
      {isFinal(d.status) && newButton}
    </article>
  );
}

function OrderStatus({ order: d }: { order: Deposit }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const explain = t(`cashier.explain.${d.status}`, { amount: money(d.credit, d.decimals, d.currency), reason: d.reason || '—' });
  // A live region: the change the poll or the push brings is read out.
  return (
    <div className="cashier-status" role="status" aria-live="polite" data-testid="cashier-status">
      <span className="cashier-badge" data-status={d.status}>
        {t(`cashier.status.${d.status}`)}
      </span>
      <p>{explain}</p>
    </div>
  );
}

function OrderFacts({ order: d }: { order: Deposit }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const m = (minor: number) => money(minor, d.decimals, d.currency);
  return (
    <dl className="facts">
      <dt>{t('cashier.order.channel')}</dt>
      <dd dir="auto">{d.channelName}</dd>
      <dt>{t('cashier.order.amount')}</dt>
      <dd>{m(d.amount)}</dd>
      <dt>{t('cashier.order.fee')}</dt>
      <dd>{m(d.fee)}</dd>
      <dt>{t('cashier.order.credit')}</dt>
      <dd>{m(d.credit)}</dd>
      <dt>{t('cashier.order.created')}</dt>
      <dd>
        <time dateTime={d.createdAt}>{formatTime(d.createdAt)}</time>
      </dd>
      {!isFinal(d.status) && d.expiresAt && (
        <>
          <dt>{t('cashier.order.expires')}</dt>
          <dd>
            <time dateTime={d.expiresAt}>{formatTime(d.expiresAt)}</time>
          </dd>
        </>
      )}
      {d.creditedAt && (
        <>
          <dt>{t('cashier.order.creditedAt')}</dt>
          <dd>
            <time dateTime={d.creditedAt}>{formatTime(d.creditedAt)}</time>
          </dd>
        </>
      )}
      {d.reference && (
        <>
          <dt>{t('cashier.submit.reference')}</dt>
          <dd dir="ltr">{d.reference}</dd>
        </>
      )}
    </dl>
  );
}
