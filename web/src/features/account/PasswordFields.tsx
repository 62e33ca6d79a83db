import { useTranslation } from 'react-i18next';
import { usePermission } from '../../data/permission';
import { checkField } from './fields';

export type NewPassword = { newPassword: string; confirmNewPassword: string };

// newPasswordErrors checks a new password against the merchant's password
// rule and its confirmation (inconsistent_twice), as the server will.
export function useNewPasswordCheck(): (v: NewPassword) => Partial<Record<keyof NewPassword, string>> {
  const { t } = useTranslation();
  const rule = usePermission().registerRules.password;
  return (v) => {
    const out: Partial<Record<keyof NewPassword, string>> = {};
    const problem = rule ? checkField({ ...rule, required: true }, v.newPassword) : v.newPassword ? null : { key: 'form.required' };
    if (problem) out.newPassword = t(problem.key, { min: problem.min, max: problem.max });
    if (!v.confirmNewPassword) out.confirmNewPassword = t('form.required');
    else if (v.confirmNewPassword !== v.newPassword) out.confirmNewPassword = t('form.inconsistent');
    return out;
  };
}

export function NewPasswordFields({ value, onChange, errors }: { value: NewPassword; onChange: (v: NewPassword) => void; errors: Partial<Record<keyof NewPassword, string>> }) {
  const { t } = useTranslation();
  return (
    <>
      {(['newPassword', 'confirmNewPassword'] as const).map((f) => (
        <div className="field" key={f}>
          <label htmlFor={`pw-${f}`}>{t(`form.${f}`)}</label>
          <input id={`pw-${f}`} className="input" type="password" autoComplete="new-password" maxLength={50} value={value[f]} aria-invalid={!!errors[f]} onChange={(e) => onChange({ ...value, [f]: e.target.value })} />
          {errors[f] && <p className="field-error">{errors[f]}</p>}
        </div>
      ))}
    </>
  );
}
