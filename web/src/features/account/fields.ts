export { checkField, fieldMessage, hintedPatterns, type FieldProblem } from '../../lib/fieldRules';

// The fields a username registration sends, in form order; each shows
// when the merchant's rules enable it (spec §5).
export const registerFields = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'mobileNum',
  'email',
  'paymentPassword',
  'idNumber',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'nickname',
  'birthday',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'address',
  'telegram',
  'zalo',
  'affiliateCode',
  'referralCode',
] as const;

export type RegisterField = (typeof registerFields)[number];

