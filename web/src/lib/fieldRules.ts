import type { FieldRule } from '../data/types';

// The merchant's field rules as the server applies them (spec §5), shared
// by the account popups and the security centre's forms (RuleField).

// FieldProblem is why a value fails its rule: missing (form.required), or
// too short or long (form.length), or not of the pattern (form.pattern);
// patternId, min and max pick and fill the message (C-070).
export type FieldProblem = { key: 'form.required' | 'form.length' | 'form.pattern'; patternId?: number; min?: number; max?: number };

// checkField applies a rule as the server does: required, length inclusive,
// then the accepted pattern ("*" accepts anything). It answers the problem,
// or null when the value passes.
export function checkField(rule: FieldRule, value: string): FieldProblem | null {
  const v = value.trim();
  if (!v) return rule.required ? { key: 'form.required' } : null;
  const len = [...v].length;
  const about = { patternId: rule.patternId, min: rule.minLength, max: rule.maxLength };
  if (len < rule.minLength || len > rule.maxLength) return { key: 'form.length', ...about };
  if (rule.acceptedPattern && rule.acceptedPattern !== '*') {
    let re: RegExp;
    try {
      re = new RegExp(rule.acceptedPattern, 'u');
    } catch {
      return null; // the server checks it anyway
    }
    if (!re.test(v)) return { key: 'form.pattern', ...about };
  }
  return null;
}

// The pattern kinds the site has hints for (spec §5; the server's
// merchant.Patterns): form.hint.p<id>.
export const hintedPatterns = Array.from({ length: 19 }, (_, i) => i + 1);

type Translate = (key: string, values?: Record<string, unknown>) => string;

// Fields whose "format incorrect" is the spec's account, password or
// e-mail message; payeeName has the real-name one.
const accountFields = ['username', 'password', 'confirmPassword', 'newPassword', 'email'];

// fieldMessage words a problem as the server does. A missing value is
// "items marked * are required" on a form that marks required
// fields with *, else "input cannot be empty". A malformed one is
// "format incorrect" in its field's words, then what a valid value looks
// like, chosen by the rule's patternId with min and max filled in (C-070).
export function fieldMessage(t: Translate, p: FieldProblem, opts: { field?: string; starred?: boolean } = {}): string {
  if (p.key === 'form.required') return t(opts.starred ? 'form.required' : 'form.empty');
  if (!p.patternId || !hintedPatterns.includes(p.patternId)) return t(p.key, { min: p.min, max: p.max });
  const hint = t(`form.hint.p${p.patternId}`, { min: p.min, max: p.max });
  const lead = opts.field === 'payeeName' ? 'form.realNameInvalid' : accountFields.includes(opts.field ?? '') ? 'form.accountInvalid' : 'form.invalid';
  return t(lead, { hint });
}
