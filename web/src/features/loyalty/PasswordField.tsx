import { useTranslation } from 'react-i18next';
import { PaymentPasswordInput } from '../member/cashier/PaymentPasswordInput';

// PasswordField is the six-digit payment password of a redeem or convert.
export function PasswordField({ id, value, onChange, shown }: { id: string; value: string; onChange: (v: string) => void; shown: boolean }) {
  const { t } = useTranslation();
  const bad = shown && !/^\d{6}$/.test(value);
  return (
    <div className="field">
      <label htmlFor={id}>{t('pointMall.paymentPassword')}</label>
      <PaymentPasswordInput id={id} value={value} onChange={onChange} invalid={bad} describedBy={bad ? `${id}-problem` : undefined} />
      {bad && (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {t('pointMall.sixDigits')}
        </p>
      )}
    </div>
  );
}
