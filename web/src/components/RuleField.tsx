import { useTranslation } from 'react-i18next';
import type { FieldRule } from '../data/types';
import { checkField, fieldMessage } from '../lib/fieldRules';

// Input types by the rule's type; anything else is text.
const inputTypes = ['text', 'password', 'email', 'tel', 'date'];
const autoCompletes: Record<string, string> = { payeeName: 'name', nickname: 'nickname', birthday: 'bday', address: 'street-address', email: 'email' };

type Props = {
  /** The field's name: its label is form.<name>, its input id `${idPrefix}-${name}`. */
  name: string;
  idPrefix: string;
  rule: FieldRule;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Marks the field required whatever its rule (a form's own fields). */
  required?: boolean;
  hint?: string;
  disabled?: boolean;
};

/** RuleField is one form field driven by the merchant's rule of the same
 * name (spec §5): its label, the required star, the input type and the
 * maximum length come from the rule; checkRuleField words its problem as
 * the server does. The value is shown as text, never as markup. */
export function RuleField({ name, idPrefix, rule, value, onChange, error, required, hint, disabled }: Props) {
  const { t } = useTranslation();
  const id = `${idPrefix}-${name}`;
  const type = inputTypes.includes(rule.type) ? rule.type : 'text';
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {t(`form.${name}`)}
        {(required || rule.required) && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        className="input"
        type={type}
        dir={type === 'tel' || type === 'email' || type === 'date' ? 'ltr' : undefined}
        autoComplete={autoCompletes[name] ?? 'off'}
        value={value}
        maxLength={rule.maxLength > 0 ? rule.maxLength : undefined}
        aria-invalid={!!error}
        aria-describedby={described || undefined}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && !error && (
        <p className="muted field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** checkRuleField is the message for a value its rule refuses, "" when it
 * passes; markup and control characters are refused in every field, as
 * the server refuses them in profile labels (decision 0034). */
export function checkRuleField(t: Translate, name: string, rule: FieldRule, value: string, required = false): string {
  const problem = checkField({ ...rule, required: rule.required || required }, value);
  if (problem) return fieldMessage(t, problem, { field: name, starred: true });
  // eslint-disable-next-line no-control-regex
  if (/[<>\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/.test(value)) return t('member.profile.plainText');
  return '';
}
