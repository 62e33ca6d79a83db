import { PAYMENT_PASSWORD_LENGTH } from './paymentPassword';

/** PaymentPasswordInput is a 6-digit secret: a password field (never
 * shown, never offered by the browser's password manager) with the phone's
 * number pad, anything but digits dropped as it is typed. */
export function PaymentPasswordInput({ id, value, onChange, invalid, describedBy, autoFocus }: { id: string; value: string; onChange: (v: string) => void; invalid?: boolean; describedBy?: string; autoFocus?: boolean }) {
  return (
    <input
      id={id}
      className="input payment-password"
      type="password"
      inputMode="numeric"
      autoComplete="off"
      pattern="[0-9]*"
      maxLength={PAYMENT_PASSWORD_LENGTH}
      dir="ltr"
      value={value}
      autoFocus={autoFocus}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, PAYMENT_PASSWORD_LENGTH))}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}
