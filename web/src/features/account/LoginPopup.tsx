import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { usePermission } from '../../data/permission';
import { ApiError, post } from '../../lib/api';
import { openPopup } from '../../lib/popups';
import { afterLogin, type LoginResult } from './afterLogin';
import { CaptchaField, type CaptchaAnswer } from './Captcha';
import { PhoneField, type Phone } from './PhoneField';
import { forgetLogin, rememberedLogin, rememberLogin } from './remember';
import { SmsCodeField } from './SmsCodeField';
import { useCountdown } from '../../lib/countdown';

type Mode = 'username' | 'sms';

// Challenge is the server's answer to a password log-in from a new address.
type Challenge = { methods: string[]; mobile?: string; email?: string; sent?: string; expiredMinutes?: number };

// LoginPopup logs in by username and password or by mobile number and SMS
// code; payloads are encrypted (E). A captcha appears when the server asks
// for one (never for SMS log-in). The agent entry sends entry=agent, hides
// remember-me and lands on /agentHome.
export function LoginPopup({ entry = 'member', onClose }: { entry?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const p = usePermission();
  const agent = entry === 'agent';
  const remembered = agent ? null : rememberedLogin();
  const smsOn = p.showVerCodeLogin;
  const [mode, setMode] = useState<Mode>(remembered?.sms && smsOn ? 'sms' : 'username');
  const [username, setUsername] = useState(remembered?.user ?? '');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState<Phone>({ countryDialingCode: '855', mobileNum: '' });
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(!!remembered);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captchaId: '', captcha: '' });
  const [round, setRound] = useState(0);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [verifyMethod, setVerifyMethod] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [left, startCountdown] = useCountdown();

  function validate(): string {
    if (challenge) return verifyCode.trim() ? '' : t('form.required');
    if (mode === 'username') {
      if (!username.trim() || !password) return t('form.required');
      if (captchaAsked && !captcha.captcha.trim()) return t('form.required');
    } else if (!phone.mobileNum.trim() || !code) return t('form.required');
    return '';
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validate();
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const verify = challenge ? { ipVerifyMethod: verifyMethod, ipVerifyCode: verifyCode.trim() } : {};
      const body =
        mode === 'username'
          ? { type: 'username', username: username.trim(), password, entry, ...verify, ...(captchaAsked ? { captchaId: captcha.captchaId, captcha: captcha.captcha.trim() } : {}) }
          : { type: 'sms', mobileNum: phone.mobileNum.trim(), countryDialingCode: phone.countryDialingCode, code, entry };
      const res = await post<LoginResult>('/wps/session/login', body, true);
      if (!agent) {
        if (remember) rememberLogin(mode === 'username' ? username.trim() : phone.mobileNum.trim(), mode === 'sms');
        else forgetLogin();
      }
      onClose();
      await afterLogin(res, { client, type: mode });
      navigate(agent ? '/agentHome' : '/');
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      if (api?.code === 'login.ip_verification_required' && !challenge) {
        const ch = api.value as Challenge;
        setChallenge(ch);
        setVerifyMethod(ch.methods[0] ?? '');
        return;
      }
      if (mode === 'username' && (api?.value as { captcha?: boolean } | null)?.captcha) setCaptchaAsked(true);
      setError(!api || api.code === 'network.abnormal' ? t('errors.network') : api.message || t('errors.unknown'));
      setRound((r) => r + 1);
      setCaptcha({ captchaId: '', captcha: '' });
    } finally {
      setBusy(false);
    }
  }

  // sendVerifyCode asks for a code by SMS or e-mail: the log-in again, with
  // ipVerifySend, which the server answers with the challenge and "sent".
  async function sendVerifyCode() {
    setBusy(true);
    setError('');
    try {
      await post('/wps/session/login', { type: 'username', username: username.trim(), password, entry, ipVerifySend: verifyMethod }, true);
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      const ch = api?.value as Challenge | null;
      if (api?.code === 'login.ip_verification_required' && ch?.sent) startCountdown((ch.expiredMinutes || 1) * 60);
      else setError(!api || api.code === 'network.abnormal' ? t('errors.network') : api.message || t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  }

  function switchTo(id: 'register' | 'forgotPassword') {
    onClose();
    openPopup(id);
  }

  return (
    <Dialog title={agent ? t('login.agentTitle') : t('login.title')} onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {smsOn && !challenge && (
          <div className="tabs" role="tablist" aria-label={t('login.title')}>
            {(['username', 'sms'] as const).map((m) => (
              <button key={m} type="button" role="tab" className="tab" aria-selected={mode === m} onClick={() => { setMode(m); setError(''); }}>
                {t(m === 'username' ? 'login.byPassword' : 'login.bySms')}
              </button>
            ))}
          </div>
        )}
        {challenge ? (
          <fieldset className="ip-verify">
            <legend>{t('ipVerify.title')}</legend>
            <p className="muted">{t('ipVerify.lead')}</p>
            <div className="tabs" role="tablist" aria-label={t('ipVerify.title')}>
              {challenge.methods.map((m) => (
                <button key={m} type="button" role="tab" className="tab" aria-selected={verifyMethod === m} onClick={() => { setVerifyMethod(m); setVerifyCode(''); }}>
                  {t(`ipVerify.${m}`, { to: m === 'sms' ? challenge.mobile : challenge.email })}
                </button>
              ))}
            </div>
            <div className="field">
              <label htmlFor="login-verify-code">{t('ipVerify.code')}</label>
              <div className={verifyMethod === 'totp' ? undefined : 'captcha-row'}>
                <input id="login-verify-code" className="input" inputMode="numeric" autoComplete="one-time-code" maxLength={255} value={verifyCode} onChange={(e) => setVerifyCode(e.target.value)} />
                {verifyMethod !== 'totp' && (
                  <button type="button" className="button" disabled={left > 0 || busy} onClick={() => void sendVerifyCode()}>
                    {left > 0 ? t('form.resendIn', { s: left }) : t('form.sendCode')}
                  </button>
                )}
              </div>
            </div>
          </fieldset>
        ) : mode === 'username' ? (
          <>
            <div className="field">
              <label htmlFor="login-username">{t('form.username')}</label>
              <input id="login-username" className="input" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} maxLength={50} />
            </div>
            <div className="field">
              <label htmlFor="login-password">{t('form.password')}</label>
              <input id="login-password" className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={50} />
            </div>
            {captchaAsked && <CaptchaField round={round} value={captcha.captcha} onChange={setCaptcha} />}
          </>
        ) : (
          <>
            <PhoneField id="login-mobile" value={phone} onChange={setPhone} />
            <SmsCodeField id="login-code" phone={phone} value={code} onChange={setCode} purpose="login" />
          </>
        )}
        {!agent && (
          <div className="form-row">
            <label className="check">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
              <span>{t('login.remember')}</span>
            </label>
            <button type="button" className="link-button" onClick={() => switchTo('forgotPassword')}>
              {t('login.forgot')}
            </button>
          </div>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t('common.loading') : challenge ? t('ipVerify.verify') : t('header.login')}
        </button>
        {!agent && (
          <p className="form-switch">
            {t('login.noAccount')}{' '}
            <button type="button" className="link-button" onClick={() => switchTo('register')}>
              {t('header.register')}
            </button>
          </p>
        )}
        {!agent && p.hasFreePlay && <FreePlayButton onDone={onClose} />}
      </form>
    </Dialog>
  );
}

// FreePlayButton opens a trial account with play money (spec §4 Trial).
function FreePlayButton({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function start() {
    setBusy(true);
    setError('');
    try {
      const res = await post<LoginResult>('/wps/session/login/freeplay', { platform: 'W', os: navigator.platform || 'web', gatewayVersion: 3 });
      onDone();
      await afterLogin(res, { client, type: 'trial' });
      navigate('/');
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t('errors.network'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="button button-ghost button-block" onClick={() => void start()} disabled={busy}>
        {t('login.freePlay')}
      </button>
      {error && <p className="form-error">{error}</p>}
    </>
  );
}
