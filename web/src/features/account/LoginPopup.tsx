import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BannerStrip } from '../../components/BannerStrip';
import { Dialog } from '../../components/Dialog';
import { usePermission } from '../../data/permission';
import { ApiError, post } from '../../lib/api';
import { openPopup } from '../../lib/popups';
import { afterLogin, type LoginResult } from './afterLogin';
import { CaptchaField, type CaptchaAnswer } from './Captcha';
import { PhoneField, type Phone } from './PhoneField';
import { forgetLogin, rememberedLogin, rememberLogin } from './remember';
import { SmsCodeField } from './SmsCodeField';
import { TwoFactorDialog, type Challenge } from './TwoFactorDialog';
import { errorText } from '../../lib/errorText';

type Mode = 'username' | 'sms';

// LoginPopup logs in by username and password or by mobile number and SMS
// code; payloads are encrypted (E). A captcha appears when the server asks
// for one (never for SMS log-in). A log-in from a new address continues in
// the two-factor dialog; closing that dialog gives the log-in up.
// The agent entry sends entry=agent, hides remember-me and lands on
// /agentHome.
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

  function validate(): string {
    if (mode === 'username') {
      if (!username.trim() || !password) return t('form.empty');
      if (captchaAsked && !captcha.captcha.trim()) return t('form.empty');
    } else if (!phone.mobileNum.trim() || !code) return t('form.empty');
    return '';
  }

  // finish is a log-in that went through, whichever way.
  async function finish(res: LoginResult) {
    if (!agent) {
      if (remember) rememberLogin(mode === 'username' ? username.trim() : phone.mobileNum.trim(), mode === 'sms');
      else forgetLogin();
    }
    onClose();
    await afterLogin(res, { client, type: mode, password: mode === 'username' ? password : undefined });
    navigate(agent ? '/agentHome' : '/');
  }

  // The log-in again with a second factor: ipVerifySend has a code sent
  // (the server answers the challenge with "sent"), ipVerifyMethod and
  // ipVerifyCode answer it.
  const credentials = () => ({ type: 'username', username: username.trim(), password, entry });
  async function sendVerifyCode(method: string, human?: CaptchaAnswer): Promise<number> {
    try {
      await post('/wps/session/login', { ...credentials(), ...human, ipVerifySend: method }, true);
    } catch (err) {
      const ch = err instanceof ApiError ? (err.value as Challenge | null) : null;
      if (err instanceof ApiError && err.code === 'login.ip_verification_required' && ch?.sent) return ch.expiredMinutes || 1;
      throw err;
    }
    return 1;
  }
  const verify = (method: string, verifyCode: string, human?: CaptchaAnswer) =>
    post<LoginResult>('/wps/session/login', { ...credentials(), ...human, ipVerifyMethod: method, ipVerifyCode: verifyCode }, true);

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
      const body =
        mode === 'username'
          ? { ...credentials(), ...(captchaAsked ? { captchaId: captcha.captchaId, captcha: captcha.captcha.trim() } : {}) }
          : { type: 'sms', mobileNum: phone.mobileNum.trim(), countryDialingCode: phone.countryDialingCode, code, entry };
      await finish(await post<LoginResult>('/wps/session/login', body, true));
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      if (api?.code === 'login.ip_verification_required') {
        setChallenge(api.value as Challenge);
        return;
      }
      if (mode === 'username' && (api?.value as { captcha?: boolean } | null)?.captcha) setCaptchaAsked(true);
      setError(errorText(t, err));
      setRound((r) => r + 1);
      setCaptcha({ captchaId: '', captcha: '' });
    } finally {
      setBusy(false);
    }
  }

  function switchTo(id: 'register' | 'forgotPassword') {
    onClose();
    openPopup(id);
  }

  return (
    <>
      <Dialog title={agent ? t('login.agentTitle') : t('login.title')} onClose={onClose}>
        <BannerStrip group="w_login" />
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          {smsOn && (
            <div className="tabs" role="tablist" aria-label={t('login.title')}>
              {(['username', 'sms'] as const).map((m) => (
                <button key={m} type="button" role="tab" className="tab" aria-selected={mode === m} onClick={() => { setMode(m); setError(''); }}>
                  {t(m === 'username' ? 'login.byPassword' : 'login.bySms')}
                </button>
              ))}
            </div>
          )}
          {mode === 'username' ? (
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
            {busy ? t('common.loading') : t('header.login')}
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
      {challenge && (
        <TwoFactorDialog
          challenge={challenge}
          send={sendVerifyCode}
          verify={verify}
          onDone={(res) => void finish(res)}
          onCancel={() => {
            setChallenge(null);
            setError(t('errors.verificationClosed'));
          }}
        />
      )}
    </>
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
      setError(errorText(t, err));
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
