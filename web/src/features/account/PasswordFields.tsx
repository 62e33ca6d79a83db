import { useTranslation } from 'react-i18next';
import { usePermission } from '../../data/permission';
import { checkField, fieldMessage } from './fields';

export type NewPassword = { newPassword: string; confirmNewPassword: string };

// newPasswordErrors checks a new password against the merchant's password
// rule and its confirmation (inconsistent_twice), as the server will. starred
// says the form marks required fields with *.
export function useNewPasswordCheck(starred = false): (v: NewPassword) => Partial<Record<keyof NewPassword, string>> {
  const { t } = useTranslation();
  const rule = usePermission().registerRules.password;
  return (v) => {
    const out: Partial<Record<keyof NewPassword, string>> = {};
    const problem = rule ? checkField({ ...rule, required: true }, v.newPassword) : v.newPassword ? null : ({ key: 'form.required' } as const);
    if (problem) out.newPassword = fieldMessage(t, problem, { field: 'newPassword', starred });
    if (!v.confirmNewPassword) out.confirmNewPassword = t(starred ? 'form.required' : 'form.empty');
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
