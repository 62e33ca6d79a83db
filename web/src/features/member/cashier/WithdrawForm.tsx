import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCreateWithdrawal, type WithdrawInfo, type Withdrawal } from './withdrawApi';
import { checkWithdrawAmount } from './withdrawAmount';
import { withdrawErrorText } from './withdrawErrors';
import { newRequestId, useCashierMoney } from './format';
import { isSixDigits } from './paymentPassword';
import { PaymentPasswordInput } from './PaymentPasswordInput';

/** SECURITY_PAGE is where accounts and the payment password are managed. */
export const SECURITY_PAGE = '/member?page=securityCenter';

/** WithdrawForm asks for the account, the amount and the payment
 * password. What would be refused anyway is said before the form: no
 * payment password, no account, the wagering requirement not met, too
 * many open withdrawals. */
export function WithdrawForm({ info: i, onDone, bonusAtRisk = null }: { info: WithdrawInfo; onDone: (w: Withdrawal) => void; bonusAtRisk?: number | null }) {
  const { t } = useTranslation();
  if (!i.paymentPasswordSet || i.accounts.length === 0) {
    return (
      <div className="withdraw-prompt" data-testid="withdraw-prompt">
        <p>{!i.paymentPasswordSet ? t('cashier.withdraw.needPassword') : t('cashier.withdraw.needAccount')}</p>
        <Link className="button button-primary" to={SECURITY_PAGE}>
          {!i.paymentPasswordSet ? t('cashier.paymentPassword.set') : t('cashier.bankAccounts.add')}
        </Link>
      </div>
    );
  }
  return <Form info={i} onDone={onDone} bonusAtRisk={bonusAtRisk} />;
}

function Form({ info: i, onDone, bonusAtRisk }: { info: WithdrawInfo; onDone: (w: Withdrawal) => void; bonusAtRisk: number | null }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const m = (minor: number) => money(minor, i.decimals, i.currency);
  const create = useCreateWithdrawal();
  const [account, setAccount] = useState<number>(i.accounts.length === 1 ? i.accounts[0].id : 0);
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  // One attempt, one requestId: a double click or a retry after a lost
  // answer asks for the same withdrawal again; a changed form is a new one.
  const requestId = useRef<string | null>(null);
  const inFlight = useRef(false);
  // A withdrawal forfeits a running bonus (issue 16): the member is asked
  // first, with the amount that will be lost.
  const [askBonus, setAskBonus] = useState(false);
  const blocked = i.turnover.remaining > 0 ? 'turnover' : i.maxOpen > 0 && i.openCount >= i.maxOpen ? 'open' : '';
  const { minor, problem } = checkWithdrawAmount(text, i);
  const accountProblem = !i.accounts.some((a) => a.id === account);
  const passwordProblem = !isSixDigits(password);
  const edited = () => {
    requestId.current = null;
    create.reset();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (blocked || problem || accountProblem || passwordProblem || minor === null || inFlight.current) return;
    if (bonusAtRisk !== null) {
      setAskBonus(true);
      return;
    }
    await send();
  }

  async function send() {
    if (minor === null || inFlight.current) return;
    requestId.current ??= newRequestId();
    inFlight.current = true;
    try {
      const w = await create.mutateAsync({ bankAccountId: account, amount: minor, paymentPassword: password, requestId: requestId.current });
      requestId.current = null;
      onDone(w);
    } catch {
      // Shown from create.error below.
    } finally {
      inFlight.current = false;
    }
  }

  const amountText = problem && shown ? t(`cashier.amountProblem.${problem}`, { min: m(i.min), max: m(i.max), decimals: i.decimals }) : '';
  return (
    <form className="form withdraw-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="withdraw-form-title">
      <h3 id="withdraw-form-title">{t('cashier.withdraw.title')}</h3>
      {blocked && (
        <p className="withdraw-blocked" role="status" data-testid="withdraw-blocked">
          {blocked === 'turnover' ? t('cashier.withdraw.blockedTurnover', { remaining: m(i.turnover.remaining) }) : t('cashier.withdraw.blockedOpen', { max: i.maxOpen })}
        </p>
      )}
      <fieldset className="withdraw-accounts">
        <legend>{t('cashier.withdraw.account')}</legend>
        {i.accounts.map((a) => (
          <label key={a.id} className="cashier-channel" data-selected={a.id === account || undefined}>
            <input
              type="radio"
              name="bankAccount"
              value={a.id}
              checked={a.id === account}
              onChange={() => {
                setAccount(a.id);
                edited();
              }}
            />
            <span className="cashier-channel-name" dir="auto">
              {a.bankName}
            </span>
            <span className="cashier-channel-meta" dir="auto">
              {a.accountName}
            </span>
            <span className="cashier-channel-meta" dir="ltr">
              {a.accountMasked}
            </span>
          </label>
        ))}
        {shown && accountProblem && (
          <p className="field-error" role="alert">
            {t('cashier.withdraw.pickAccount')}
          </p>
        )}
        <p className="muted">
          <Link to={SECURITY_PAGE}>{t('cashier.withdraw.manageAccounts')}</Link>
        </p>
      </fieldset>
      <div className="field">
        <label htmlFor="withdraw-amount">{t('cashier.amount', { currency: i.currency })}</label>
        <input
          id="withdraw-amount"
          className="input"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            edited();
          }}
          aria-invalid={amountText ? true : undefined}
          aria-describedby={amountText ? 'withdraw-amount-problem' : undefined}
        />
        {amountText && (
          <p id="withdraw-amount-problem" className="field-error" role="alert">
            {amountText}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="withdraw-password">{t('cashier.paymentPassword.label')}</label>
        <PaymentPasswordInput
          id="withdraw-password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            edited();
          }}
          invalid={shown && passwordProblem}
          describedBy={shown && passwordProblem ? 'withdraw-password-problem' : undefined}
        />
        {shown && passwordProblem && (
          <p id="withdraw-password-problem" className="field-error" role="alert">
            {t('cashier.paymentPassword.sixDigits')}
          </p>
        )}
      </div>
      {create.isError && (
        <p className="form-error" role="alert">
          {withdrawErrorText(t, create.error, m)}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={!!blocked || create.isPending}>
        {t('cashier.withdraw.submit')}
      </button>
      {askBonus && (
        <ConfirmDialog
          text={t('bonus.withdrawConfirm', { amount: m(bonusAtRisk ?? 0) })}
          onCancel={() => setAskBonus(false)}
          onConfirm={() => {
            setAskBonus(false);
            void send();
          }}
        />
      )}
    </form>
  );
}
