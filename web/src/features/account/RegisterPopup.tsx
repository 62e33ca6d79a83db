import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BannerStrip } from '../../components/BannerStrip';
import { Dialog } from '../../components/Dialog';
import { usePermission } from '../../data/permission';
import { ApiError, get, put } from '../../lib/api';
import { openPopup } from '../../lib/popups';
import { afterLogin, type LoginResult } from './afterLogin';
import { NewPasswordFields, useNewPasswordCheck, type NewPassword } from './PasswordFields';
import { phoneProblem, PhoneField, useCountries, type Phone } from './PhoneField';
import { SmsCodeField } from './SmsCodeField';
import { CaptchaField, type CaptchaAnswer } from './Captcha';
import { checkField, fieldMessage, registerFields, type RegisterField } from './fields';
import type { FieldRule } from '../../data/types';

type Country = { countryDialingCode: string; iso: string; name: string };

const inputType: Record<string, string> = { password: 'password', confirmPassword: 'password', paymentPassword: 'password', email: 'email', mobileNum: 'tel', whatsapp: 'tel', zalo: 'tel', birthday: 'date' };
const autoComplete: Record<string, string> = { username: 'username', password: 'new-password', confirmPassword: 'new-password', email: 'email', mobileNum: 'tel-national', payeeName: 'name' };

// RegisterPopup registers by username with the fields the merchant's rules
// enable (spec §5), checked here exactly as the server checks them. The
// terms box starts ticked; unticking it blocks the submit.
export function RegisterPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const p = usePermission();
  const modes = [...(p.mobileReg ? (['phone'] as const) : []), ...(p.usernameReg ? (['username'] as const) : [])];
  // Phone first when the merchant registers by phone (spec §4).
  const [mode, setMode] = useState<'phone' | 'username'>(modes[0] ?? 'username');
  return (
    <Dialog title={t('register.title')} onClose={onClose} className="dialog-form">
      <BannerStrip group="w_register" />
      {modes.length > 1 && (
        <div className="tabs register-tabs" role="tablist" aria-label={t('register.title')}>
          {modes.map((m) => (
            <button key={m} type="button" role="tab" className="tab" aria-selected={mode === m} onClick={() => setMode(m)}>
              {t(m === 'phone' ? 'register.byPhone' : 'register.byUsername')}
            </button>
          ))}
        </div>
      )}
      {modes.length === 0 ? <p>{t('register.closed')}</p> : mode === 'phone' ? <PhoneRegisterForm onClose={onClose} /> : <UsernameRegisterForm onClose={onClose} />}
    </Dialog>
  );
}

function UsernameRegisterForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const p = usePermission();
  const rules = p.registerRules;
  const fields = registerFields.filter((f) => f === 'username' || f === 'password' || f === 'confirmPassword' || rules[f]?.enabled);
  // A referral link (/register?referralCode=...) fills the referral code.
  const [values, setValues] = useState<Record<string, string>>(() => {
    const code = new URLSearchParams(window.location.search).get('referralCode');
    return code && fields.includes('referralCode') ? { referralCode: code.slice(0, 64) } : ({} as Record<string, string>);
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [country, setCountry] = useState('855');
  const [terms, setTerms] = useState(true);
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captchaId: '', captcha: '' });
  const [round, setRound] = useState(0);
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  // A number goes with its SMS code when the merchant checks phones.
  const [code, setCode] = useState('');
  const smsOn = p.smsEnabled && !!rules.mobileNum?.enabled;
  const countries = useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => get<Country[]>('/wps/system/countryCodes', undefined, signal), staleTime: Infinity });
  const captchaOn = rules.captcha?.enabled && rules.captcha.required;

  function validate(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const f of fields) {
      const rule = rules[f] ?? rules.password;
      // A payment password, once shown, is always required (spec §5).
      const problem = checkField({ ...rule, required: rule.required || ['username', 'password', 'confirmPassword', 'paymentPassword'].includes(f) }, values[f] ?? '');
      if (problem) out[f] = fieldMessage(t, problem, { field: f, starred: true });
    }
    if (!out.confirmPassword && values.password !== values.confirmPassword) out.confirmPassword = t('form.inconsistent');
    if (smsOn && values.mobileNum?.trim() && !code) out.verificationCode = t('form.empty');
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
      const body: Record<string, unknown> = { ...values, acceptTerms: true, registerMethod: 'WEB', domain: window.location.hostname, registerUrl: window.location.href };
      if (values.mobileNum) body.countryDialingCode = country;
      if (smsOn && values.mobileNum?.trim()) body.verificationCode = code;
      if (captchaOn) Object.assign(body, captcha);
      const res = await put<LoginResult>('/wps/member/register', body, true);
      onClose();
      await afterLogin(res, { client, type: 'register' });
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
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {fields.map((f) => (
          <div className="field" key={f}>
            <label htmlFor={`reg-${f}`}>
              {t(`form.${f}`)}
              {(rules[f]?.required || ['username', 'password', 'confirmPassword', 'paymentPassword'].includes(f)) && <span aria-hidden="true"> *</span>}
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
            {f === 'affiliateCode' && !errors[f] && <InvitationStatus code={values[f] ?? ''} rule={rules.affiliateCode} />}
          </div>
        ))}
        {smsOn && !!values.mobileNum?.trim() && (
          <SmsCodeField id="reg-code" phone={{ countryDialingCode: country, mobileNum: values.mobileNum }} value={code} onChange={setCode} purpose="register" error={errors.verificationCode} />
        )}
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
  );
}

// PhoneRegisterForm registers by mobile number (spec §4 registerMobile):
// the number becomes the username (leading zeros dropped, server side),
// with an SMS code when the merchant verifies numbers and a password when
// it asks for one.
function PhoneRegisterForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const p = usePermission();
  const countries = useCountries();
  const checkPassword = useNewPasswordCheck();
  const [phone, setPhone] = useState<Phone>({ countryDialingCode: '855', mobileNum: '' });
  const [code, setCode] = useState('');
  const [pw, setPw] = useState<NewPassword>({ newPassword: '', confirmNewPassword: '' });
  const [affiliateCode, setAffiliate] = useState('');
  const [terms, setTerms] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const affiliateRule = p.registerRules.affiliateCode;
  // The number is proven by its code when the merchant checks phones, and
  // always when the account gets no password (the number is its log-in).
  const codeOn = p.smsEnabled || !p.mobileRegPass;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError('');
    const found: Record<string, string> = {};
    const digits = countries.data?.find((c) => c.countryDialingCode === phone.countryDialingCode)?.digits;
    const phoneErr = phoneProblem(phone, digits);
    if (phoneErr) found.mobileNum = t(phoneErr);
    if (codeOn && !code) found.code = t('form.empty');
    if (p.mobileRegPass) Object.assign(found, checkPassword(pw));
    if (affiliateRule?.enabled) {
      const problem = checkField(affiliateRule, affiliateCode);
      if (problem) found.affiliateCode = fieldMessage(t, problem, { field: 'affiliateCode' });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!terms) {
      setFormError(t('register.termsRequired'));
      return;
    }
    setBusy(true);
    try {
      const res = await put<LoginResult>(
        '/wps/member/register/mobile',
        {
          mobileNum: phone.mobileNum.trim(),
          countryDialingCode: phone.countryDialingCode,
          verificationCode: codeOn ? code : undefined,
          password: p.mobileRegPass ? pw.newPassword : undefined,
          confirmPassword: p.mobileRegPass ? pw.confirmNewPassword : undefined,
          affiliateCode: affiliateCode.trim() || undefined,
          domain: window.location.hostname,
          registerUrl: window.location.href,
          registerMethod: 'WEB',
          acceptTerms: true,
        },
        true,
      );
      onClose();
      await afterLogin(res, { client, type: 'register' });
      navigate('/');
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      setFormError(!api || api.code === 'network.abnormal' ? t('errors.network') : api.message || t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <PhoneField id="reg-phone" value={phone} onChange={setPhone} error={errors.mobileNum} />
      {codeOn && <SmsCodeField id="reg-code" phone={phone} value={code} onChange={setCode} purpose="register" error={errors.code} />}
      {p.mobileRegPass && <NewPasswordFields value={pw} onChange={setPw} errors={errors} />}
      {affiliateRule?.enabled && (
        <div className="field">
          <label htmlFor="reg-phone-affiliate">{t('form.affiliateCode')}</label>
          <input id="reg-phone-affiliate" className="input" maxLength={affiliateRule.maxLength} value={affiliateCode} aria-invalid={!!errors.affiliateCode} onChange={(e) => setAffiliate(e.target.value)} />
          {errors.affiliateCode ? <p className="field-error">{errors.affiliateCode}</p> : <InvitationStatus code={affiliateCode} rule={affiliateRule} />}
        </div>
      )}
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
  );
}

type InvitationCheck = 'idle' | 'checking' | 'valid' | 'invalid';

// useInvitationCheck asks the server about an invitation code once typing
// pauses for half a second; the answer is only valid or not. A code that
// breaks the field rule, a throttled or failed check say nothing: the
// registration checks the code again anyway.
function useInvitationCheck(code: string, rule: FieldRule | undefined): InvitationCheck {
  const typed = code.trim();
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), 500);
    return () => clearTimeout(timer);
  }, [typed]);
  const checkable = (c: string) => !!c && (!rule || !checkField(rule, c));
  const q = useQuery({
    queryKey: ['affiliate', settled],
    queryFn: ({ signal }) => get<{ valid: boolean }>('/wps/agent/affiliate', { code: settled }, signal),
    enabled: checkable(settled),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!checkable(typed)) return 'idle';
  if (typed !== settled || q.isFetching) return 'checking';
  if (!q.data) return 'idle';
  return q.data.valid ? 'valid' : 'invalid';
}

// InvitationStatus tells, under the invitation code box, what the server
// says of the code typed so far.
function InvitationStatus({ code, rule }: { code: string; rule: FieldRule | undefined }) {
  const { t } = useTranslation();
  const state = useInvitationCheck(code, rule);
  if (state === 'idle') return null;
  if (state === 'invalid') return <p className="field-error" role="status">{t('register.invitationInvalid')}</p>;
  return (
    <p className="muted" role="status">
      {t(state === 'valid' ? 'register.invitationValid' : 'register.invitationChecking')}
    </p>
  );
}
