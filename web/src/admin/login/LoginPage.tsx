import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import type { LoggedIn, LoginStep } from '../lib/types';
import { TotpQrCode } from './TotpQrCode';

type Step = { step: 'credentials' } | LoginStep;

/** LoginPage walks the operator through the steps the server asks for:
 * password, a forced password change, authenticator set-up or code. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: (done: LoggedIn) => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ step: 'credentials' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // run sends one step and moves on to whatever the server answers.
  async function run<T>(call: () => Promise<T>, next: (value: T) => void) {
    setBusy(true);
    setError('');
    try {
      next(await call());
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  const restart = () => {
    setError('');
    setStep({ step: 'credentials' });
  };

  return (
    <main className="admin-login">
      <div className="admin-login-card">
        <h1 className="admin-login-title">{t('login.title')}</h1>
        {step.step === 'credentials' && (
          <CredentialsForm busy={busy} onSubmit={(username, password) => run(() => adminPost<LoginStep>('/admin/api/session', { username, password }), setStep)} />
        )}
        {step.step === 'password_change' && (
          <PasswordChangeForm
            busy={busy}
            onMismatch={() => setError(t('login.passwordMismatch'))}
            onSubmit={(newPassword) => run(() => adminPost<LoginStep>('/admin/api/session/password', { loginToken: step.loginToken, newPassword }), setStep)}
          />
        )}
        {(step.step === 'totp' || step.step === 'totp_setup') && (
          <TotpForm
            busy={busy}
            setup={step.step === 'totp_setup' ? step : undefined}
            onSubmit={(code) => run(() => adminPost<LoggedIn>('/admin/api/session/totp', { loginToken: step.loginToken, code }), onLoggedIn)}
          />
        )}
        {error && (
          <p className="admin-error" role="alert">
            {error}
          </p>
        )}
        {step.step !== 'credentials' && (
          <button type="button" className="link-button admin-login-restart" onClick={restart}>
            {t('login.restart')}
          </button>
        )}
      </div>
    </main>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="admin-field">
      <span>{label}</span>
      {children}
    </label>
  );
}

// useFocusFirst puts the cursor in a step's first field as it appears, so
// the whole log-in goes by keyboard.
function useFocusFirst() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function CredentialsForm({ busy, onSubmit }: { busy: boolean; onSubmit: (username: string, password: string) => void }) {
  const { t } = useTranslation();
  const first = useFocusFirst();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(username.trim(), password);
  };
  return (
    <form onSubmit={submit} className="admin-form">
      <Field label={t('login.username')}>
        <input ref={first} className="input" name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
      </Field>
      <Field label={t('login.password')}>
        <input className="input" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <button className="button button-primary button-block" type="submit" disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}

function PasswordChangeForm({ busy, onSubmit, onMismatch }: { busy: boolean; onSubmit: (newPassword: string) => void; onMismatch: () => void }) {
  const { t } = useTranslation();
  const first = useFocusFirst();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) onMismatch();
    else onSubmit(password);
  };
  return (
    <form onSubmit={submit} className="admin-form">
      <p className="muted">{t('login.passwordChangeHint')}</p>
      <Field label={t('login.newPassword')}>
        <input ref={first} className="input" name="newPassword" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <Field label={t('login.confirmPassword')}>
        <input className="input" name="confirmPassword" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </Field>
      <button className="button button-primary button-block" type="submit" disabled={busy}>
        {t('login.changePassword')}
      </button>
    </form>
  );
}

function TotpForm({ busy, setup, onSubmit }: { busy: boolean; setup?: { secret: string; otpauthUrl: string }; onSubmit: (code: string) => void }) {
  const { t } = useTranslation();
  const first = useFocusFirst();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(code.replace(/\s/g, ''));
  };
  return (
    <form onSubmit={submit} className="admin-form">
      {setup ? (
        <div className="admin-totp-setup">
          <p className="muted">{t('login.totpSetupHint')}</p>
          <TotpQrCode url={setup.otpauthUrl} label={t('login.qrLabel')} />
          <p className="muted">{t('login.secretHint')}</p>
          <code className="admin-secret" data-testid="totp-secret">
            {setup.secret}
          </code>
        </div>
      ) : (
        <p className="muted">{t('login.totpHint')}</p>
      )}
      <Field label={t('login.code')}>
        <input
          ref={first}
          className="input admin-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,8}"
          maxLength={8}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <button className="button button-primary button-block" type="submit" disabled={busy}>
        {t('login.verify')}
      </button>
    </form>
  );
}
