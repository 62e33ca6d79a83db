import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { useMember } from '../../../data/member';
import { formatTime } from '../../../lib/format';
import { newRequestId, useCashierMoney } from './format';
import { isSixDigits } from './paymentPassword';
import { PaymentPasswordInput } from './PaymentPasswordInput';
import { usedAmount, useTransferUpline, useUpline, type UplineInfo, type UplineTransfer } from './withdrawApi';
import { checkWithdrawAmount } from './withdrawAmount';
import { withdrawErrorText } from './withdrawErrors';
import { SECURITY_PAGE } from './WithdrawForm';
import './deposit.css';
import './withdraw.css';
// English cashier.* strings load with this page, not with the lobby.
import './strings';

/** TransferUplinePage moves money from the member's balance to their
 * upline's (the agent who brought them): who that is, the balance and the
 * limits, amount and payment password, the result and the recent
 * transfers. A member without an upline is told so plainly. */
export function TransferUplinePage() {
  const { t } = useTranslation();
  const { member } = useMember();
  if (member?.isTrial) return <EmptyState title={t('errors.realAccount')} />;
  if (!member) return <Spinner />;
  return <Upline />;
}

function Upline() {
  const { t } = useTranslation();
  const q = useUpline();
  const [done, setDone] = useState<UplineTransfer | null>(null);
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const u = q.data;
  if (!u.upline) return <EmptyState title={t('cashier.upline.none')}>{<p className="muted">{t('cashier.upline.noneHint')}</p>}</EmptyState>;
  return (
    <div className="cashier upline">
      <Facts info={u} />
      {done ? <Done info={u} transfer={done} onAgain={() => setDone(null)} /> : !u.paymentPasswordSet ? <NeedPassword /> : <Form info={u} onDone={setDone} />}
      <Recent info={u} />
    </div>
  );
}

function Facts({ info: u }: { info: UplineInfo }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const m = (minor: number) => money(minor, u.decimals, u.currency);
  return (
    <dl className="facts withdraw-summary" data-testid="upline-facts">
      <dt>{t('cashier.upline.to')}</dt>
      <dd className="withdraw-balance" dir="auto">
        {u.upline?.account}
      </dd>
      <dt>{t('cashier.withdraw.balance')}</dt>
      <dd>{m(u.balance)}</dd>
      <dt>{t('cashier.withdraw.perWithdrawal')}</dt>
      <dd>{u.max > 0 ? t('cashier.limits', { min: m(u.min), max: m(u.max) }) : t('cashier.withdraw.minOnly', { min: m(u.min) })}</dd>
      {u.dailyAmount > 0 && (
        <>
          <dt>{t('cashier.withdraw.amountToday')}</dt>
          <dd>{t('cashier.withdraw.usedOf', { used: m(usedAmount(u.usedToday)), limit: m(u.dailyAmount) })}</dd>
        </>
      )}
    </dl>
  );
}

function NeedPassword() {
  const { t } = useTranslation();
  return (
    <div className="withdraw-prompt" data-testid="upline-prompt">
      <p>{t('cashier.upline.needPassword')}</p>
      <Link className="button button-primary" to={SECURITY_PAGE}>
        {t('cashier.paymentPassword.set')}
      </Link>
    </div>
  );
}

function Form({ info: u, onDone }: { info: UplineInfo; onDone: (x: UplineTransfer) => void }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const m = (minor: number) => money(minor, u.decimals, u.currency);
  const send = useTransferUpline();
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const requestId = useRef<string | null>(null);
  const inFlight = useRef(false);
  const { minor, problem } = checkWithdrawAmount(text, u);
  const passwordProblem = !isSixDigits(password);
  const edited = () => {
    requestId.current = null;
    send.reset();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (problem || passwordProblem || minor === null || inFlight.current) return;
    requestId.current ??= newRequestId();
    inFlight.current = true;
    try {
      const x = await send.mutateAsync({ amount: minor, paymentPassword: password, requestId: requestId.current });
      requestId.current = null;
      onDone(x);
    } catch {
      // Shown from send.error below.
    } finally {
      inFlight.current = false;
    }
  }

  const amountText = problem && shown ? t(`cashier.amountProblem.${problem}`, { min: m(u.min), max: m(u.max), decimals: u.decimals }) : '';
  return (
    <form className="form upline-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="upline-form-title">
      <h3 id="upline-form-title">{t('cashier.upline.title', { account: u.upline?.account ?? '' })}</h3>
      <div className="field">
        <label htmlFor="upline-amount">{t('cashier.amount', { currency: u.currency })}</label>
        <input
          id="upline-amount"
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
        />
        {amountText && (
          <p className="field-error" role="alert">
            {amountText}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="upline-password">{t('cashier.paymentPassword.label')}</label>
        <PaymentPasswordInput
          id="upline-password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            edited();
          }}
          invalid={shown && passwordProblem}
        />
        {shown && passwordProblem && (
          <p className="field-error" role="alert">
            {t('cashier.paymentPassword.sixDigits')}
          </p>
        )}
      </div>
      {send.isError && (
        <p className="form-error" role="alert">
          {withdrawErrorText(t, send.error)}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={send.isPending}>
        {t('cashier.upline.submit')}
      </button>
    </form>
  );
}

function Done({ info: u, transfer: x, onAgain }: { info: UplineInfo; transfer: UplineTransfer; onAgain: () => void }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const m = (minor: number) => money(minor, u.decimals, u.currency);
  return (
    <div className="withdraw-made" role="status" data-testid="upline-done">
      <p>{t('cashier.upline.done', { amount: m(x.amount), account: u.upline?.account ?? '', balance: m(x.balance) })}</p>
      <div>
        <button type="button" className="button" onClick={onAgain}>
          {t('cashier.upline.again')}
        </button>
      </div>
    </div>
  );
}

function Recent({ info: u }: { info: UplineInfo }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  return (
    <section className="cashier-history" aria-labelledby="upline-recent-title">
      <h3 id="upline-recent-title">{t('cashier.upline.recent')}</h3>
      {u.list.length === 0 ? (
        <p className="muted">{t('cashier.upline.empty')}</p>
      ) : (
        <ul className="upline-list">
          {u.list.map((x) => (
            <li key={x.id}>
              <time dateTime={x.createdAt}>{formatTime(x.createdAt)}</time>
              <span className="amount">{money(x.amount, u.decimals, u.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
