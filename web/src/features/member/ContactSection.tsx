import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField, type CaptchaAnswer } from '../../components/CaptchaField';
import { PhoneField, phoneProblem, useCountries, type Phone } from '../../components/PhoneField';
import { checkRuleField, RuleField } from '../../components/RuleField';
import { usePermission } from '../../data/permission';
import type { FieldRule } from '../../data/types';
import { post } from '../../lib/api';
import { throttle, useCountdown } from '../../lib/countdown';
import { errorText } from '../../lib/errorText';
import { profileKey, useProfile, type Profile } from './ProfileSection';
import './profile.css';

type Kind = 'mobile' | 'email';

// An e-mail is always asked for here, whatever the register form does.
const emailFallback: FieldRule = { enabled: true, required: true, acceptedPattern: '*', patternId: 4, minLength: 6, maxLength: 100, type: 'email' };

/** ContactSection shows the mobile number and the e-mail address with
 * whether each is verified, and proves a new or unverified one with a
 * code sent to it (decision 0034). Replacing a verified one takes the
 * payment password when one is set, else the log-in password. */
export function ContactSection() {
  const { t } = useTranslation();
  const q = useProfile();
  const [open, setOpen] = useState<Kind | null>(null);
  const [done, setDone] = useState<Kind | null>(null);
  if (!q.data) return null;
  const p = q.data;
  const rows: { kind: Kind; label: string; value: string; verified: boolean }[] = [
    { kind: 'mobile', label: t('form.mobileNum'), value: p.mobileNum, verified: p.mobileVerified },
    { kind: 'email', label: t('form.email'), value: p.email, verified: p.emailVerified },
  ];
  return (
    <section className="card contact" aria-labelledby="contact-title">
      <h3 id="contact-title">{t('member.profile.contactTitle')}</h3>
      {rows.map((r) => (
        <div key={r.kind} className="contact-row" data-testid={`contact-${r.kind}`}>
          <div className="contact-head">
            <h4>{r.label}</h4>
            <span>
              <span className="contact-value" dir="ltr">
                {r.value || t('member.profile.notSet')}
              </span>
              <span className="profile-tag" data-state={r.verified ? 'verified' : 'unverified'}>
                {r.verified ? t('member.profile.verified') : t('member.profile.notVerified')}
              </span>
            </span>
            {open !== r.kind && (
              <button
                type="button"
                className="button"
                onClick={() => {
                  setDone(null);
                  setOpen(r.kind);
                }}
              >
                {r.verified ? t('member.profile.change') : t('member.profile.verify')}
              </button>
            )}
          </div>
          {done === r.kind && (
            <p className="profile-ok" role="status">
              {t('member.profile.done')}
            </p>
          )}
          {open === r.kind && (
            <ContactForm
              kind={r.kind}
              profile={p}
              replacing={r.verified}
              onClose={(ok) => {
                setOpen(null);
                if (ok) setDone(r.kind);
              }}
            />
          )}
        </div>
      ))}
    </section>
  );
}

function ContactForm({ kind, profile, replacing, onClose }: { kind: Kind; profile: Profile; replacing: boolean; onClose: (verified: boolean) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const perm = usePermission();
  const countries = useCountries();
  const [phone, setPhone] = useState<Phone>({ countryDialingCode: '855', mobileNum: '' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captchaId: '', captcha: '' });
  const [round, setRound] = useState(0);
  const [left, startCountdown] = useCountdown();
  const [sent, setSent] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const captchaOn = !!(perm.registerRules.captcha?.enabled && perm.registerRules.captcha.required);
  const emailRule = { ...(perm.registerRules.email ?? emailFallback), enabled: true, required: true };
  const base = kind === 'mobile' ? '/wps/member/mobile' : '/wps/member/email';
  const passwordLabel = profile.changePassword === 'payment' ? t('form.paymentPassword') : t('form.password');

  // target checks the number or address; null when it is not one.
  function target(): Record<string, string> | null {
    const found: Record<string, string> = {};
    if (kind === 'mobile') {
      const digits = countries.data?.find((c) => c.countryDialingCode === phone.countryDialingCode)?.digits;
      const problem = phoneProblem(phone, digits);
      if (problem) found.to = t(problem);
    } else {
      const problem = checkRuleField(t, 'email', emailRule, email);
      if (problem) found.to = problem;
    }
    if (replacing && !password) found.password = t('form.empty');
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    const to: Record<string, string> = kind === 'mobile' ? { mobileNum: phone.mobileNum.trim(), countryDialingCode: phone.countryDialingCode } : { email: email.trim() };
    return replacing ? { ...to, password } : to;
  }

  // One press a second at most; the button then waits out the code's life.
  const send = useMemo(
    () =>
      throttle(async (body: Record<string, string>, human: CaptchaAnswer) => {
        if (captchaOn && !human.captcha.trim()) {
          setErrors({ captcha: t('form.empty') });
          return;
        }
        setBusy(true);
        setFormError('');
        try {
          const res = await post<{ expiredMinutes: number }>(`${base}/code`, captchaOn ? { ...body, captchaId: human.captchaId, captcha: human.captcha.trim() } : body);
          const minutes = res.expiredMinutes || perm.expiredMinutes || 1;
          setSent(minutes);
          startCountdown(minutes * 60);
        } catch (err) {
          setFormError(errorText(t, err));
        } finally {
          setBusy(false);
          if (captchaOn) {
            setRound((r) => r + 1);
            setCaptcha({ captchaId: '', captcha: '' });
          }
        }
      }, 1000),
    [base, captchaOn, perm.expiredMinutes, startCountdown, t],
  );

  async function verify(e: FormEvent) {
    e.preventDefault();
    const body = target();
    if (!body) return;
    if (!code.trim()) {
      setErrors({ code: t('form.empty') });
      return;
    }
    setBusy(true);
    setFormError('');
    try {
      const next = await post<Profile>(`${base}/verify`, { ...body, code: code.trim() });
      client.setQueryData(profileKey, next);
      await client.invalidateQueries({ queryKey: ['memberInfo'] });
      onClose(true);
    } catch (err) {
      setFormError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  const codeId = `contact-${kind}-code`;
  return (
    <form className="form profile-form" onSubmit={(e) => void verify(e)} noValidate>
      {kind === 'mobile' ? (
        <PhoneField id="contact-mobile" value={phone} onChange={setPhone} error={errors.to} />
      ) : (
        <RuleField name="email" idPrefix="contact" rule={emailRule} value={email} onChange={setEmail} error={errors.to} />
      )}
      {replacing && (
        <div className="field">
          <label htmlFor={`contact-${kind}-password`}>
            {passwordLabel}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id={`contact-${kind}-password`}
            className="input"
            type="password"
            autoComplete={profile.changePassword === 'payment' ? 'off' : 'current-password'}
            inputMode={profile.changePassword === 'payment' ? 'numeric' : undefined}
            value={password}
            aria-invalid={!!errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p className="muted field-hint">{profile.changePassword === 'payment' ? t('member.profile.needsPayment') : t('member.profile.needsLogin')}</p>
          {errors.password && <p className="field-error">{errors.password}</p>}
        </div>
      )}
      {captchaOn && left === 0 && <CaptchaField id={`contact-${kind}-captcha`} round={round} value={captcha.captcha} onChange={setCaptcha} />}
      {errors.captcha && <p className="field-error">{errors.captcha}</p>}
      <div className="field">
        <label htmlFor={codeId}>{kind === 'mobile' ? t('form.smsCode') : t('member.profile.emailCode')}</label>
        <div className="captcha-row">
          <input id={codeId} className="input" inputMode="numeric" autoComplete="one-time-code" maxLength={10} value={code} aria-invalid={!!errors.code} onChange={(e) => setCode(e.target.value.trim())} />
          <button
            type="button"
            className="button"
            disabled={left > 0 || busy}
            onClick={() => {
              const body = target();
              if (body) void send(body, captcha);
            }}
          >
            {left > 0 ? t('form.resendIn', { s: left }) : t('form.sendCode')}
          </button>
        </div>
        {sent > 0 && !errors.code && <p className="muted field-hint">{t('member.profile.codeSent', { minutes: sent })}</p>}
        {errors.code && <p className="field-error">{errors.code}</p>}
      </div>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="profile-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('member.profile.verify')}
        </button>
        <button type="button" className="button button-ghost" disabled={busy} onClick={() => onClose(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
