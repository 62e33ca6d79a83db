import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { useMember } from '../../../data/member';
import { TurnoverBar } from './TurnoverBar';
import { useWithdrawInfo, type WithdrawInfo, type Withdrawal } from './withdrawApi';
import { WithdrawalCard } from './WithdrawalCard';
import { WithdrawForm } from './WithdrawForm';
import { WithdrawHistory } from './WithdrawHistory';
import { useCashierMoney } from './format';
import { useBonus } from '../bonus/api';
import '../../promotions/loyalty.css';
import '../../promotions/strings';
import './deposit.css';
import './withdraw.css';
// English cashier.* strings load with this page, not with the lobby.
import './strings';

/** WithdrawPage is the member centre's withdraw page: the balance and the
 * limits, how far the wagering requirement is, the form (account, amount,
 * payment password), the withdrawal just made, and the history, where a
 * pending one can be cancelled and a paid one's receipt confirmed. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const { member } = useMember();
  // A trial account cannot withdraw and never asks the cashier anything.
  if (member?.isTrial) return <EmptyState title={t('errors.realAccount')} />;
  if (!member) return <Spinner />;
  return <Withdraw />;
}

function Withdraw() {
  const { t } = useTranslation();
  const info = useWithdrawInfo();
  const bonus = useBonus();
  const [made, setMade] = useState<Withdrawal | null>(null);
  const money = useCashierMoney();
  if (info.isError && !info.data) return <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Spinner />;
  const i = info.data;
  // A running bonus is forfeited by a withdrawal (issue 16), whatever its
  // balance (the grant ends with it); said here and asked again before the
  // request goes. null: no bonus runs.
  const atRisk = bonus.data?.active ? bonus.data.bonusBalance : null;
  return (
    <div className="cashier withdraw">
      <Summary info={i} />
      <TurnoverBar info={i} />
      {made ? (
        <section className="withdraw-made" aria-labelledby="withdraw-made-title">
          <h3 id="withdraw-made-title">{t('cashier.withdraw.made')}</h3>
          <WithdrawalCard withdrawal={made} actions={false} />
          <button type="button" className="button" onClick={() => setMade(null)}>
            {t('cashier.withdraw.another')}
          </button>
        </section>
      ) : (
        <>
          {atRisk !== null && (
            <p className="promo-warning" role="note" data-testid="withdraw-bonus-warning">
              {t('bonus.withdrawWarning', { amount: money(atRisk, i.decimals, i.currency) })}
            </p>
          )}
          <WithdrawForm info={i} onDone={setMade} bonusAtRisk={atRisk} />
        </>
      )}
      <WithdrawHistory />
    </div>
  );
}

/** Summary is the balance and the policy's limits in force today. */
function Summary({ info: i }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const m = (minor: number) => money(minor, i.decimals, i.currency);
  return (
    <dl className="facts withdraw-summary" data-testid="withdraw-summary">
      <dt>{t('cashier.withdraw.balance')}</dt>
      <dd className="withdraw-balance">{m(i.balance)}</dd>
      <dt>{t('cashier.withdraw.perWithdrawal')}</dt>
      <dd>{i.max > 0 ? t('cashier.limits', { min: m(i.min), max: m(i.max) }) : t('cashier.withdraw.minOnly', { min: m(i.min) })}</dd>
      {i.dailyCount > 0 && (
        <>
          <dt>{t('cashier.withdraw.countToday')}</dt>
          <dd>{t('cashier.withdraw.usedOf', { used: i.usedToday.count, limit: i.dailyCount })}</dd>
        </>
      )}
      {i.dailyAmount > 0 && (
        <>
          <dt>{t('cashier.withdraw.amountToday')}</dt>
          <dd>{t('cashier.withdraw.usedOf', { used: m(i.usedToday.amount), limit: m(i.dailyAmount) })}</dd>
        </>
      )}
      {i.maxOpen > 0 && (
        <>
          <dt>{t('cashier.withdraw.open')}</dt>
          <dd>{t('cashier.withdraw.usedOf', { used: i.openCount, limit: i.maxOpen })}</dd>
        </>
      )}
    </dl>
  );
}
