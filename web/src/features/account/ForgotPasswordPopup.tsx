import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BannerStrip } from '../../components/BannerStrip';
import { Dialog } from '../../components/Dialog';
import { usePermission } from '../../data/permission';
import { post, postForm } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import { showMessage } from '../../lib/popups';
import { afterLogin, type LoginResult } from './afterLogin';
import { checkField, fieldMessage } from './fields';
import { NewPasswordFields, useNewPasswordCheck, type NewPassword } from './PasswordFields';
import { PhoneField, type Phone } from './PhoneField';
import { SmsCodeField } from './SmsCodeField';

type Method = 'mobileNum' | 'email';

// ForgotPasswordPopup recovers a password by phone (SMS code, then logged
// in) or by e-mail (a reset link). The phone tab exists only with
// CHNGPASSVERIF3, and is then the first (spec §4).
export function ForgotPasswordPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const p = usePermission();
  const check = useNewPasswordCheck();
  const [method, setMethod] = useState<Method>(p.phoneRecovery ? 'mobileNum' : 'email');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<Phone>({ countryDialingCode: '855', mobileNum: '' });
  const [code, setCode] = useState('');
  const [next, setNext] = useState<NewPassword>({ newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  function validate(): Record<string, string> {
    const out: Record<string, string> = {};
    if (method === 'email') {
      const rules = p.registerRules;
      for (const [f, v] of [['username', username], ['email', email]] as const) {
        const problem = rules[f] ? checkField({ ...rules[f], required: true }, v) : v.trim() ? null : ({ key: 'form.required' } as const);
        if (problem) out[f] = fieldMessage(t, problem, { field: f });
      }
      return out;
    }
    if (!phone.mobileNum.trim()) out.mobileNum = t('form.empty');
    if (!code) out.code = t('form.empty');
    return { ...out, ...check(next) };
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (method === 'email') {
        await postForm('/wps/member/password/email', { username: username.trim(), email: email.trim() });
        onClose();
        showMessage(t('forgot.in_been_out'));
        return;
      }
      const res = await post<LoginResult>(
        '/wps/member/password/verification',
        { mobileNum: phone.mobileNum.trim(), countryDialingCode: phone.countryDialingCode, verificationCode: code, ...next },
        true,
      );
      onClose();
      await afterLogin(res, { client, type: 'reset' });
      navigate('/');
    } catch (err) {
      setFormError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('forgot.title')} onClose={onClose}>
      <BannerStrip group="w_forget" />
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {p.phoneRecovery && (
          <div className="tabs" role="tablist" aria-label={t('forgot.title')}>
            {(['mobileNum', 'email'] as const).map((m) => (
              <button key={m} type="button" role="tab" className="tab" aria-selected={method === m} onClick={() => { setMethod(m); setErrors({}); setFormError(''); }}>
                {t(m === 'email' ? 'forgot.byEmail' : 'forgot.byPhone')}
              </button>
            ))}
          </div>
        )}
        {method === 'email' ? (
          <>
            <div className="field">
              <label htmlFor="fp-username">{t('form.username')}</label>
              <input id="fp-username" className="input" autoComplete="username" maxLength={50} value={username} aria-invalid={!!errors.username} onChange={(e) => setUsername(e.target.value)} />
              {errors.username && <p className="field-error">{errors.username}</p>}
            </div>
            <div className="field">
              <label htmlFor="fp-email">{t('form.email')}</label>
              <input id="fp-email" className="input" type="email" autoComplete="email" maxLength={100} value={email} aria-invalid={!!errors.email} onChange={(e) => setEmail(e.target.value)} />
              {errors.email && <p className="field-error">{errors.email}</p>}
            </div>
          </>
        ) : (
          <>
            <PhoneField id="fp-mobile" value={phone} onChange={setPhone} error={errors.mobileNum} />
            <SmsCodeField id="fp-code" phone={phone} value={code} onChange={setCode} purpose="reset" error={errors.code} />
            <NewPasswordFields value={next} onChange={setNext} errors={errors} />
          </>
        )}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t('common.loading') : t('forgot.submit')}
        </button>
      </form>
    </Dialog>
  );
}
