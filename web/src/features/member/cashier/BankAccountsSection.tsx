import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { formatTime } from '../../../lib/format';
import { accountDigits, checkBankAccount, normalName, type BankAccountDraft } from './bankAccount';
import { useAddBankAccount, useBankAccounts, useRemoveBankAccount, type BankAccount } from './withdrawApi';
import { invalidField, withdrawErrorText } from './withdrawErrors';
import { isSixDigits } from './paymentPassword';
import { PaymentPasswordInput } from './PaymentPasswordInput';
import './withdraw.css';
// English cashier.* strings load with this section's chunk.
import './strings';

/** BankAccountsSection lists the member's payout accounts (masked), adds
 * one (up to the maximum) and removes one; both ask for the payment
 * password, so without one the section sends the member to set it. */
export function BankAccountsSection() {
  const { t } = useTranslation();
  const q = useBankAccounts();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return null;
  const { accounts, max, realName, paymentPasswordSet } = q.data;
  return (
    <section className="card security-section" aria-labelledby="bank-accounts-title" data-testid="bank-accounts-section">
      <h3 id="bank-accounts-title">{t('cashier.bankAccounts.title')}</h3>
      <p className="muted">{t('cashier.bankAccounts.lead', { max })}</p>
      {accounts.length === 0 ? (
        <p>{t('cashier.bankAccounts.none')}</p>
      ) : (
        <ul className="bank-accounts">
          {accounts.map((a) => (
            <li key={a.id} className="bank-account" data-testid={`bank-account-${a.id}`}>
              <span className="bank-account-name" dir="auto">
                {a.bankName}
              </span>
              <span dir="auto">{a.accountName}</span>
              <span dir="ltr">{a.accountMasked}</span>
              <span className="muted">
                <time dateTime={a.createdAt}>{formatTime(a.createdAt)}</time>
              </span>
              {paymentPasswordSet && removing?.id !== a.id && (
                <button type="button" className="button" onClick={() => setRemoving(a)} aria-label={t('cashier.bankAccounts.removeOne', { name: `${a.bankName} ${a.accountMasked}` })}>
                  {t('cashier.bankAccounts.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {removing && <RemoveForm key={removing.id} account={removing} onClose={() => setRemoving(null)} />}
      {!paymentPasswordSet ? (
        <p className="withdraw-blocked">{t('cashier.bankAccounts.needPassword')}</p>
      ) : accounts.length >= max ? (
        <p className="muted">{t('cashier.bankAccounts.full', { max })}</p>
      ) : adding ? (
        <AddForm realName={realName} onClose={() => setAdding(false)} />
      ) : (
        <div>
          <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
            {t('cashier.bankAccounts.add')}
          </button>
        </div>
      )}
    </section>
  );
}

function AddForm({ realName, onClose }: { realName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddBankAccount();
  const [draft, setDraft] = useState<BankAccountDraft>({ bankName: '', accountNumber: '', accountName: realName });
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const problems = checkBankAccount(draft);
  // A holder who is not the member is refused by the server anyway.
  const mismatch = !!realName && !problems.accountName && normalName(draft.accountName) !== normalName(realName);
  const passwordProblem = !isSixDigits(password);
  const serverField = add.isError ? invalidField(add.error) : '';

  function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (Object.keys(problems).length || mismatch || passwordProblem || add.isPending) return;
    add.mutate(
      { bankName: draft.bankName.trim(), accountNumber: accountDigits(draft.accountNumber), accountName: draft.accountName.trim().replace(/\s+/g, ' '), paymentPassword: password },
      { onSuccess: onClose },
    );
  }

  const field = (key: keyof BankAccountDraft, label: string, extra: { dir?: 'ltr' | 'auto'; readOnly?: boolean; hint?: string } = {}) => {
    const bad = (shown && problems[key]) || serverField === key || (key === 'accountName' && shown && mismatch);
    return (
      <div className="field">
        <label htmlFor={`ba-${key}`}>{label}</label>
        <input
          id={`ba-${key}`}
          className="input"
          autoComplete="off"
          dir={extra.dir ?? 'auto'}
          maxLength={key === 'accountNumber' ? 48 : 64}
          value={draft[key]}
          readOnly={extra.readOnly}
          onChange={(e) => {
            setDraft({ ...draft, [key]: e.target.value });
            add.reset();
          }}
          aria-invalid={bad || undefined}
          aria-describedby={extra.hint ? `ba-${key}-hint` : undefined}
        />
        {extra.hint && (
          <p id={`ba-${key}-hint`} className="muted">
            {extra.hint}
          </p>
        )}
        {bad && (
          <p className="field-error" role="alert">
            {key === 'accountName' && mismatch ? t('cashier.wErrors.accountNameMismatch') : t(`cashier.bankAccounts.problem.${key}`)}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="form security-form" onSubmit={submit} noValidate aria-label={t('cashier.bankAccounts.add')}>
      {field('bankName', t('cashier.bank.bankName'))}
      {field('accountNumber', t('cashier.bank.accountNumber'), { dir: 'ltr' })}
      {field('accountName', t('cashier.bank.accountName'), { hint: realName ? t('cashier.bankAccounts.realNameIs', { name: realName }) : t('cashier.bankAccounts.realNameFirst') })}
      <div className="field">
        <label htmlFor="ba-password">{t('cashier.paymentPassword.label')}</label>
        <PaymentPasswordInput id="ba-password" value={password} onChange={setPassword} invalid={shown && passwordProblem} />
        {shown && passwordProblem && (
          <p className="field-error" role="alert">
            {t('cashier.paymentPassword.sixDigits')}
          </p>
        )}
      </div>
      {add.isError && (
        <p className="form-error" role="alert">
          {withdrawErrorText(t, add.error)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {t('cashier.bankAccounts.save')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

function RemoveForm({ account: a, onClose }: { account: BankAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveBankAccount();
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const bad = !isSixDigits(password);
  function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (bad || remove.isPending) return;
    remove.mutate({ id: a.id, paymentPassword: password }, { onSuccess: onClose });
  }
  return (
    <form className="form security-form" onSubmit={submit} noValidate aria-label={t('cashier.bankAccounts.removeOne', { name: `${a.bankName} ${a.accountMasked}` })}>
      <p>{t('cashier.bankAccounts.removeConfirm', { name: `${a.bankName} ${a.accountMasked}` })}</p>
      <div className="field">
        <label htmlFor="ba-remove-password">{t('cashier.paymentPassword.label')}</label>
        <PaymentPasswordInput id="ba-remove-password" value={password} onChange={setPassword} invalid={shown && bad} autoFocus />
        {shown && bad && (
          <p className="field-error" role="alert">
            {t('cashier.paymentPassword.sixDigits')}
          </p>
        )}
      </div>
      {remove.isError && (
        <p className="form-error" role="alert">
          {withdrawErrorText(t, remove.error)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={remove.isPending}>
          {t('cashier.bankAccounts.remove')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
