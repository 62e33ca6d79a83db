import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBankAccounts, useSetPaymentPassword } from './withdrawApi';
import { withdrawErrorText } from './withdrawErrors';
import { isSixDigits, weakPaymentPassword } from './paymentPassword';
import { PaymentPasswordInput } from './PaymentPasswordInput';
import './withdraw.css';
// English cashier.* strings load with this section's chunk.
import './strings';

/** PaymentPasswordSection sets the 6-digit payment password that
 * withdrawals, transfers and bank account changes ask for, or changes it.
 * Setting it needs the login password; changing it needs the old one too. */
export function PaymentPasswordSection() {
  const { t } = useTranslation();
  const accounts = useBankAccounts();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!accounts.data) return null;
  const isSet = accounts.data.paymentPasswordSet;
  return (
    <section className="card security-section" aria-labelledby="payment-password-title" data-testid="payment-password-section">
      <h3 id="payment-password-title">{t('cashier.paymentPassword.title')}</h3>
      <p className="muted">{t('cashier.paymentPassword.lead')}</p>
      <p>{isSet ? t('cashier.paymentPassword.isSet') : t('cashier.paymentPassword.notSet')}</p>
      {saved && !open && (
        <p className="form-success" role="status">
          {t('cashier.paymentPassword.saved')}
        </p>
      )}
      {open ? (
        <PasswordForm
          change={isSet}
          onDone={() => {
            setOpen(false);
            setSaved(true);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <div>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setSaved(false);
              setOpen(true);
            }}
          >
            {isSet ? t('cashier.paymentPassword.change') : t('cashier.paymentPassword.set')}
          </button>
        </div>
      )}
    </section>
  );
}

function PasswordForm({ change, onDone, onCancel }: { change: boolean; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const save = useSetPaymentPassword();
  const [login, setLogin] = useState('');
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [shown, setShown] = useState(false);
  const problems = {
    login: !login,
    old: change && !isSixDigits(old),
    next: weakPaymentPassword(next),
    repeat: next !== repeat,
  };
  const bad = Object.values(problems).some(Boolean);

  function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (bad || save.isPending) return;
    save.mutate({ loginPassword: login, ...(change ? { oldPaymentPassword: old } : {}), newPaymentPassword: next }, { onSuccess: onDone });
  }

  const err = (key: keyof typeof problems, text: string) =>
    shown &&
    problems[key] && (
      <p id={`pp-${key}-problem`} className="field-error" role="alert">
        {text}
      </p>
    );
  return (
    <form className="form security-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="pp-login">{t('cashier.paymentPassword.loginPassword')}</label>
        <input id="pp-login" className="input" type="password" autoComplete="current-password" value={login} onChange={(e) => setLogin(e.target.value)} aria-invalid={(shown && problems.login) || undefined} />
        {err('login', t('cashier.paymentPassword.loginRequired'))}
      </div>
      {change && (
        <div className="field">
          <label htmlFor="pp-old">{t('cashier.paymentPassword.old')}</label>
          <PaymentPasswordInput id="pp-old" value={old} onChange={setOld} invalid={shown && problems.old} />
          {err('old', t('cashier.paymentPassword.sixDigits'))}
        </div>
      )}
      <div className="field">
        <label htmlFor="pp-new">{t('cashier.paymentPassword.new')}</label>
        <PaymentPasswordInput id="pp-new" value={next} onChange={setNext} invalid={shown && problems.next} describedBy="pp-new-hint" />
        <p id="pp-new-hint" className="muted">
          {t('cashier.paymentPassword.rule')}
        </p>
        {err('next', t('cashier.wErrors.passwordInvalid'))}
      </div>
      <div className="field">
        <label htmlFor="pp-repeat">{t('cashier.paymentPassword.repeat')}</label>
        <PaymentPasswordInput id="pp-repeat" value={repeat} onChange={setRepeat} invalid={shown && problems.repeat} />
        {err('repeat', t('cashier.paymentPassword.mismatch'))}
      </div>
      {save.isError && (
        <p className="form-error" role="alert">
          {withdrawErrorText(t, save.error)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('cashier.paymentPassword.save')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
