import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance, useMoney } from '../data/wallet';
import { throttle } from '../lib/countdown';
import { balanceText, setBalanceHidden, useBalanceHidden } from '../lib/money';

// BalanceView is the member's balance (spec §2, checklist D-002..D-004):
// the amount with its symbol and the wallet's decimals, an eye that hides
// it behind asterisks (remembered on this device) and a refresh button.
// A trial account's balance is play money and says so.
export function BalanceView({ trial, className = '' }: { trial?: boolean; className?: string }) {
  const { t } = useTranslation();
  const q = useBalance();
  const money = useMoney();
  const hidden = useBalanceHidden();
  const refetch = useRef(q.refetch);
  useEffect(() => {
    refetch.current = q.refetch;
  }, [q.refetch]);
  // One refresh a second at most, however fast the clicks come.
  const [refresh] = useState(() => throttle(() => void refetch.current(), 1000));
  const b = q.data;
  const text = b ? balanceText(b.balance, b.decimals, b.currencySymbol, money.locale, hidden) : q.isError ? '—' : '…';
  return (
    <div className={`balance ${className}`} data-trial={!!trial}>
      <span className="balance-figures">
        <span className="balance-label">{t(trial ? 'wallet.playMoney' : 'wallet.balance')}</span>
        <span className="balance-amount" data-testid="balance" dir="ltr">
          {text}
        </span>
      </span>
      <button type="button" className="balance-button" aria-pressed={hidden} aria-label={t('wallet.hide')} title={t('wallet.hide')} onClick={() => setBalanceHidden(!hidden)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {hidden && <path d="M4 4l16 16" />}
        </svg>
      </button>
      <button type="button" className="balance-button" aria-label={t('wallet.refresh')} title={t('wallet.refresh')} aria-busy={q.isFetching} disabled={q.isFetching} onClick={refresh}>
        <svg aria-hidden="true" className={q.isFetching ? 'spinning' : undefined} viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M20 12a8 8 0 1 1-2.3-5.6" />
          <path d="M20 4v4.5h-4.5" />
        </svg>
      </button>
    </div>
  );
}
