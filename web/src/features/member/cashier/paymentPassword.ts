/** PAYMENT_PASSWORD_LENGTH: the payment password is exactly 6 digits. */
export const PAYMENT_PASSWORD_LENGTH = 6;

/** isSixDigits is the check made when a payment password is
 * typed to pay: 6 digits. */
export function isSixDigits(s: string): boolean {
  return /^\d{6}$/.test(s);
}

/** weakPaymentPassword tells a new payment password the server refuses
 * (cashier.payment_password_invalid): not 6 digits, one digit repeated, or
 * a simple run up or down (123456, 654321, 234567…). The server
 * decides; this only saves a round trip for the obvious ones. */
export function weakPaymentPassword(s: string): boolean {
  if (!isSixDigits(s)) return true;
  if (/^(\d)\1{5}$/.test(s)) return true;
  const d = [...s].map(Number);
  const up = d.every((v, i) => i === 0 || v === d[i - 1] + 1);
  const down = d.every((v, i) => i === 0 || v === d[i - 1] - 1);
  return up || down;
}
