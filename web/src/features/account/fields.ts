import type { FieldRule } from '../../data/types';

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

// checkField applies a rule as the server does: required, length inclusive,
// then the accepted pattern ("*" accepts anything). It answers a message
// key with its values, or null when the value passes.
export function checkField(rule: FieldRule, value: string): { key: string; min?: number; max?: number } | null {
  const v = value.trim();
  if (!v) return rule.required ? { key: 'form.required' } : null;
  const len = [...v].length;
  if (len < rule.minLength || len > rule.maxLength) return { key: 'form.length', min: rule.minLength, max: rule.maxLength };
  if (rule.acceptedPattern && rule.acceptedPattern !== '*') {
    let re: RegExp;
    try {
      re = new RegExp(rule.acceptedPattern, 'u');
    } catch {
      return null; // the server checks it anyway
    }
    if (!re.test(v)) return { key: 'form.pattern', min: rule.minLength, max: rule.maxLength };
  }
  return null;
}
