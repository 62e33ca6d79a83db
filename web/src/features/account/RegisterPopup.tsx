import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { usePermission } from '../../data/permission';
import { ApiError, get, put } from '../../lib/api';
import { openPopup } from '../../lib/popups';
import { startSession } from '../../lib/session';
import { CaptchaField, type CaptchaAnswer } from './Captcha';
import { checkField, registerFields, type RegisterField } from './fields';

type Country = { countryDialingCode: string; iso: string; name: string };

const inputType: Record<string, string> = { password: 'password', confirmPassword: 'password', email: 'email', mobileNum: 'tel' };
const autoComplete: Record<string, string> = { username: 'username', password: 'new-password', confirmPassword: 'new-password', email: 'email', mobileNum: 'tel-national', payeeName: 'name' };

// RegisterPopup registers by username with the fields the merchant's rules
// enable (spec §5), checked here exactly as the server checks them. The
// terms box starts ticked; unticking it blocks the submit.
export function RegisterPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const p = usePermission();
  const rules = p.registerRules;
  const fields = registerFields.filter((f) => f === 'username' || f === 'password' || f === 'confirmPassword' || rules[f]?.enabled);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [country, setCountry] = useState('855');
  const [terms, setTerms] = useState(true);
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captchaId: '', captcha: '' });
  const [round, setRound] = useState(0);
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const countries = useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => get<Country[]>('/wps/system/countryCodes', undefined, signal), staleTime: Infinity });
  const captchaOn = rules.captcha?.enabled && rules.captcha.required;

  function validate(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const f of fields) {
      const rule = rules[f] ?? rules.password;
      const problem = checkField({ ...rule, required: rule.required || f === 'username' || f === 'password' || f === 'confirmPassword' }, values[f] ?? '');
      if (problem) out[f] = t(problem.key, { min: problem.min, max: problem.max });
    }
    if (!out.confirmPassword && values.password !== values.confirmPassword) out.confirmPassword = t('form.inconsistent');
    return out;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError('');
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!terms) {
      setFormError(t('register.termsRequired'));
      return;
    }
    setBusy(true);
    try {
      const body: Record<string, unknown> = { ...values, acceptTerms: true, registerMethod: 'username', domain: window.location.hostname };
      if (values.mobileNum) body.countryDialingCode = country;
      if (captchaOn) Object.assign(body, captcha);
      const res = await put<{ token: string }>('/wps/member/register', body, true);
      startSession(res.token);
      onClose();
      navigate('/');
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      const field = (api?.value as { field?: string } | null)?.field;
      if (field && (fields as readonly string[]).includes(field)) setErrors({ [field]: api!.message });
      else setFormError(!api || api.code === 'network.abnormal' ? t('errors.network') : api.message || t('errors.unknown'));
      setRound((r) => r + 1);
      setCaptcha({ captchaId: '', captcha: '' });
    } finally {
      setBusy(false);
    }
  }

  const set = (f: RegisterField, v: string) => setValues((old) => ({ ...old, [f]: v }));

  return (
    <Dialog title={t('register.title')} onClose={onClose} className="dialog-form">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {fields.map((f) => (
          <div className="field" key={f}>
            <label htmlFor={`reg-${f}`}>
              {t(`form.${f}`)}
              {(rules[f]?.required || ['username', 'password', 'confirmPassword'].includes(f)) && <span aria-hidden="true"> *</span>}
            </label>
            <div className={f === 'mobileNum' ? 'phone-row' : undefined}>
              {f === 'mobileNum' && (
                <select aria-label={t('form.countryCode')} className="input" value={country} onChange={(e) => setCountry(e.target.value)}>
                  {(countries.data ?? [{ countryDialingCode: '855', iso: 'KH', name: 'Cambodia' }]).map((c) => (
                    <option key={c.iso} value={c.countryDialingCode}>
                      +{c.countryDialingCode} {c.iso}
                    </option>
                  ))}
                </select>
              )}
              <input
                id={`reg-${f}`}
                className="input"
                type={inputType[f] ?? 'text'}
                autoComplete={autoComplete[f] ?? 'off'}
                value={values[f] ?? ''}
                maxLength={(rules[f] ?? rules.password)?.maxLength}
                aria-invalid={!!errors[f]}
                aria-describedby={errors[f] ? `reg-${f}-error` : undefined}
                onChange={(e) => set(f, e.target.value)}
              />
            </div>
            {errors[f] && (
              <p className="field-error" id={`reg-${f}-error`}>
                {errors[f]}
              </p>
            )}
          </div>
        ))}
        {captchaOn && <CaptchaField round={round} value={captcha.captcha} onChange={setCaptcha} />}
        <label className="check">
          <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
          <span>
            {t('register.terms', { age: p.minimumAge })}{' '}
            <button type="button" className="link-button" onClick={() => openPopup('helpCenter', { article: 'term' })}>
              {t('register.readTerms')}
            </button>
          </span>
        </label>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t('common.loading') : t('header.register')}
        </button>
      </form>
    </Dialog>
  );
}
