import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { ApiError, post } from '../../lib/api';
import { openPopup } from '../../lib/popups';
import { startSession } from '../../lib/session';
import { CaptchaField, type CaptchaAnswer } from './Captcha';

type LoginResult = { token: string; firstTimeLogin: boolean; passwordExpired: boolean; user: { isAgent: boolean } };

// LoginPopup logs in by username and password; the payload is encrypted
// (E). A captcha appears when the server asks for one. The agent entry
// sends entry=agent and lands on /agentHome.
export function LoginPopup({ entry = 'member', onClose }: { entry?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captchaId: '', captcha: '' });
  const [round, setRound] = useState(0);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError(t('form.required'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const res = await post<LoginResult>('/wps/session/login', { type: 'username', username: username.trim(), password, entry, ...(captchaAsked ? captcha : {}) }, true);
      startSession(res.token);
      onClose();
      if (res.passwordExpired) openPopup('message', { text: t('login.changeFirst') });
      navigate(entry === 'agent' ? '/agentHome' : '/');
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      if (api && (api.value as { captcha?: boolean } | null)?.captcha) setCaptchaAsked(true);
      setError(api?.code === 'network.abnormal' || !api ? t('errors.network') : api.message || t('errors.unknown'));
      setRound((r) => r + 1);
      setCaptcha({ captchaId: '', captcha: '' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={entry === 'agent' ? t('login.agentTitle') : t('login.title')} onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="login-username">{t('form.username')}</label>
          <input id="login-username" className="input" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} maxLength={50} />
        </div>
        <div className="field">
          <label htmlFor="login-password">{t('form.password')}</label>
          <input id="login-password" className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={50} />
        </div>
        {captchaAsked && <CaptchaField round={round} value={captcha.captcha} onChange={setCaptcha} />}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t('common.loading') : t('header.login')}
        </button>
        {entry !== 'agent' && (
          <p className="form-switch">
            {t('login.noAccount')}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                onClose();
                openPopup('register');
              }}
            >
              {t('header.register')}
            </button>
          </p>
        )}
      </form>
    </Dialog>
  );
}
