import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { useMoney } from '../../data/wallet';
import { ApiError } from '../../lib/api';
import { newRequestId } from '../member/cashier/format';
import { loyaltyErrorText } from '../promotions/errors';
import { useConvert, type PointsConfig } from './api';
import { PasswordField } from './PasswordField';

// cashFor is the minor units a number of points converts to: convertRate
// points make one major unit (floored, as the server pays).
export function cashFor(points: number, convertRate: number, decimals: number): number {
  if (convertRate <= 0 || points <= 0) return 0;
  return Math.floor((points * 10 ** decimals) / convertRate);
}

// ConvertDialog turns points into cash with the payment password (E).
export function ConvertDialog({ config, points, onClose }: { config: PointsConfig; points: number; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const money = useMoney();
  const convert = useConvert();
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [done, setDone] = useState<{ amount: number; points: number } | null>(null);
  const n = /^\d+$/.test(text) ? Number(text) : 0;
  const problem = n <= 0 ? 'required' : n < config.convertMin ? 'min' : n > points ? 'max' : '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (problem || !/^\d{6}$/.test(password) || convert.isPending) return;
    try {
      const r = await convert.mutateAsync({ points: n, paymentPassword: password, requestId });
      setDone({ amount: r.amount, points: r.points });
    } catch (err) {
      if (err instanceof ApiError && err.code !== 'network.abnormal') setRequestId(newRequestId());
    }
  }

  return (
    <Dialog title={t('pointMall.convertTitle')} onClose={onClose} className="dialog-small">
      {done ? (
        <div role="status">
          <p>{t('pointMall.convertDone', { amount: money.format(done.amount), points: money.count(done.points) })}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={onClose}>
              {t('common.confirm')}
            </button>
          </div>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={(e) => void submit(e)}>
          <p className="muted">{t('pointMall.convertRate', { rate: money.count(config.convertRate), min: money.count(config.convertMin) })}</p>
          <div className="field">
            <label htmlFor={`${id}-points`}>{t('pointMall.convertPoints')}</label>
            <input id={`${id}-points`} className="input" inputMode="numeric" dir="ltr" value={text} aria-invalid={(shown && !!problem) || undefined} onChange={(e) => setText(e.target.value.replace(/\D/g, ''))} />
            {n > 0 && <p className="muted">{t('pointMall.convertGets', { amount: money.format(cashFor(n, config.convertRate, money.decimals)) })}</p>}
            {shown && problem && (
              <p className="field-error" role="alert">
                {t(`pointMall.convertProblem.${problem}`, { min: money.count(config.convertMin), max: money.count(points) })}
              </p>
            )}
          </div>
          <PasswordField id={`${id}-pw`} value={password} onChange={setPassword} shown={shown} />
          {convert.isError && (
            <p className="form-error" role="alert">
              {loyaltyErrorText(t, convert.error)}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button button-ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button-primary" disabled={convert.isPending}>
              {t('pointMall.convert')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
