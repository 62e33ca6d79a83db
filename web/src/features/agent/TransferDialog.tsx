import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { useMoney } from '../../data/wallet';
import { ApiError } from '../../lib/api';
import { parseMajor } from '../../lib/money';
import { useTransfer, type MemberRef, type Transfer } from './api';
import { agentErrorText } from './errors';

const PAYMENT_PASSWORD_LENGTH = 6;

// newRequestId names one transfer attempt: the server pays a request id
// once, so a retry after a lost answer cannot pay twice. crypto.randomUUID
// exists only on secure pages; a plain-http test domain uses random bytes.
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

// TransferDialog moves money from the agent's balance to a direct
// downline's. The request id is made when the dialog opens.
export function TransferDialog({ downline, onClose }: { downline: MemberRef; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const money = useMoney();
  const send = useTransfer();
  const [requestId, setRequestId] = useState(newRequestId);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [done, setDone] = useState<Transfer | null>(null);
  const minor = parseMajor(amount, money.decimals);
  const amountBad = minor === null || minor <= 0;
  const passwordBad = !/^\d{6}$/.test(password);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (amountBad || passwordBad || send.isPending) return;
    try {
      setDone(await send.mutateAsync({ downlineId: downline.id, amount: minor!, paymentPassword: password, requestId }));
    } catch (err) {
      // A refusal (wrong password, too little balance) paid nothing: the next
      // try is a new request. After a network failure the outcome is unknown,
      // so the same id goes again and the server answers the first result.
      if (err instanceof ApiError && err.code !== 'network.abnormal') setRequestId(newRequestId());
    }
  }

  return (
    <Dialog title={t('agent.transfer.title', { username: downline.username })} onClose={onClose} className="dialog-small">
      {done ? (
        <div role="status">
          <p>{t('agent.transfer.done', { amount: money.format(done.amount), username: done.downline.username, balance: money.format(done.balance) })}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={onClose}>
              {t('common.confirm')}
            </button>
          </div>
        </div>
      ) : (
        <form className="agent-form" noValidate onSubmit={(e) => void submit(e)}>
          <div className="field">
            <label htmlFor={`${id}-amount`}>{t('agent.transfer.amount')}</label>
            <input id={`${id}-amount`} className="input" inputMode="decimal" autoComplete="off" dir="ltr" value={amount} aria-invalid={(shown && amountBad) || undefined} onChange={(e) => setAmount(e.target.value)} />
            {shown && amountBad && (
              <p className="field-error" role="alert">
                {t('agent.transfer.amountInvalid')}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-password`}>{t('agent.transfer.paymentPassword')}</label>
            <input
              id={`${id}-password`}
              className="input payment-password"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]*"
              maxLength={PAYMENT_PASSWORD_LENGTH}
              dir="ltr"
              value={password}
              aria-invalid={(shown && passwordBad) || undefined}
              onChange={(e) => setPassword(e.target.value.replace(/\D/g, '').slice(0, PAYMENT_PASSWORD_LENGTH))}
            />
            {shown && passwordBad && (
              <p className="field-error" role="alert">
                {t('agent.transfer.sixDigits')}
              </p>
            )}
          </div>
          {send.isError && (
            <p className="form-error" role="alert">
              {agentErrorText(t, send.error)}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button button-ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button-primary" disabled={send.isPending}>
              {t('agent.transfer.submit')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
