import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { useMoney } from '../../data/wallet';
import { ApiError } from '../../lib/api';
import { newRequestId } from '../member/cashier/format';
import { loyaltyErrorText } from '../promotions/errors';
import { useRedeem, type MallItem } from './api';
import { PasswordField } from './PasswordField';

// maxQuantity is how many of an item one redeem may ask for: the stock,
// the member's limit and what the points pay for.
// MAX_QUANTITY is the server's bound on one redemption (loyalty.MaxQuantity).
export const MAX_QUANTITY = 100;

export function maxQuantity(item: Pick<MallItem, 'quantity' | 'perMemberLimit' | 'points'>, points: number): number {
  let n = Math.min(item.quantity, MAX_QUANTITY);
  if (item.perMemberLimit > 0) n = Math.min(n, item.perMemberLimit);
  if (item.points > 0) n = Math.min(n, Math.floor(points / item.points));
  return Math.max(0, n);
}

// RedeemDialog redeems an item for points with the payment password (E).
export function RedeemDialog({ item, points, onClose }: { item: MallItem; points: number; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const money = useMoney();
  const redeem = useRedeem();
  const [quantity, setQuantity] = useState(1);
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [done, setDone] = useState(false);
  const max = maxQuantity(item, points);
  const quantityBad = !(quantity >= 1 && quantity <= max);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (quantityBad || !/^\d{6}$/.test(password) || redeem.isPending) return;
    try {
      await redeem.mutateAsync({ itemId: item.id, quantity, paymentPassword: password, requestId });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.code !== 'network.abnormal') setRequestId(newRequestId());
    }
  }

  return (
    <Dialog title={t('pointMall.redeemTitle', { name: item.name })} onClose={onClose} className="dialog-small">
      {done ? (
        <div role="status">
          <p>{t('pointMall.redeemDone')}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={onClose}>
              {t('common.confirm')}
            </button>
          </div>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={(e) => void submit(e)}>
          <p>
            {t('pointMall.cost', { points: money.count(item.points * (quantity || 0)) })}
            {item.amountRequirement > 0 && ` · ${t('pointMall.requirement', { amount: money.format(item.amountRequirement) })}`}
          </p>
          <div className="field">
            <label htmlFor={`${id}-qty`}>{t('pointMall.quantity')}</label>
            <input
              id={`${id}-qty`}
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, max)}
              dir="ltr"
              value={quantity || ''}
              aria-invalid={(shown && quantityBad) || undefined}
              onChange={(e) => setQuantity(Math.floor(Number(e.target.value)) || 0)}
            />
            {shown && quantityBad && (
              <p className="field-error" role="alert">
                {max > 0 ? t('pointMall.quantityRange', { max }) : t('pointMall.cannotRedeem')}
              </p>
            )}
          </div>
          <PasswordField id={`${id}-pw`} value={password} onChange={setPassword} shown={shown} />
          {redeem.isError && (
            <p className="form-error" role="alert">
              {loyaltyErrorText(t, redeem.error)}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button button-ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button-primary" disabled={redeem.isPending}>
              {t('pointMall.redeem')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
