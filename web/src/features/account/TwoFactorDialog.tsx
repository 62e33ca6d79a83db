import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { ToneIcon } from '../../components/MessageDialog';
import { useCountdown } from '../../lib/countdown';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import type { LoginResult } from './afterLogin';
import { CaptchaField, type CaptchaAnswer } from './Captcha';

// Challenge is the server's answer to a password log-in from a new address:
// the ways to prove it is the member, and where a code was sent.
export type Challenge = { methods: string[]; mobile?: string; email?: string; sent?: string; expiredMinutes?: number };

// The steps of spec §4 "Unrecognised IP login": click to verify, then the
// code, then successful, or retry after a failure.
export type Step = 'start' | 'code' | 'success' | 'retry';

type Props = {
  challenge: Challenge;
  // send has a code sent by SMS or e-mail and answers its lifetime in
  // minutes. human is the solved captcha once the server asked for one.
  send: (method: string, human?: CaptchaAnswer) => Promise<number>;
  // verify finishes the log-in with the code.
  verify: (method: string, code: string, human?: CaptchaAnswer) => Promise<LoginResult>;
  onDone: (res: LoginResult) => void;
  // onCancel is the member closing the dialog before it succeeded.
  onCancel: () => void;
};

// TwoFactorDialog is the 2-factor login dialog (C-117, C-118): a modal
// dialog named by its title, walking through click to verify, the code,
// and successful or retry.
export function TwoFactorDialog({ challenge, send, verify, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('start');
  const [method, setMethod] = useState(challenge.methods[0] ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LoginResult | null>(null);
  const [left, startCountdown] = useCountdown();
  // After repeated failures the server asks a captcha with every step
  // (decision 0017): the box shows, and each answer is good for one try.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captchaId: '', captcha: '' });
  const [round, setRound] = useState(0);
  const human = () => (captchaAsked ? { captchaId: captcha.captchaId, captcha: captcha.captcha.trim() } : undefined);
  // failed shows err and, when the server wants a captcha, the box.
  function failed(err: unknown) {
    if (err instanceof ApiError && (err.value as { captcha?: boolean } | null)?.captcha) setCaptchaAsked(true);
    setError(errorText(t, err));
    if (captchaAsked || (err instanceof ApiError && (err.value as { captcha?: boolean } | null)?.captcha)) {
      setRound((r) => r + 1);
      setCaptcha({ captchaId: '', captcha: '' });
    }
  }
  const missingCaptcha = () => captchaAsked && !captcha.captcha.trim();

  async function sendCode() {
    setBusy(true);
    setError('');
    if (missingCaptcha()) {
      setError(t('form.empty'));
      setBusy(false);
      return;
    }
    try {
      const minutes = await send(method, human());
      if (captchaAsked) {
        setRound((r) => r + 1);
        setCaptcha({ captchaId: '', captcha: '' });
      }
      startCountdown(minutes * 60);
      setStep('code');
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  // Nothing is sent for an authenticator code or the real name (C-116):
  // the member types what they already have.
  const typed = method === 'totp' || method === 'realname';

  function clickToVerify() {
    if (typed) setStep('code');
    else void sendCode();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) {
      setError(t('errors.verifyFirst'));
      return;
    }
    if (missingCaptcha()) {
      setError(t('form.empty'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      setResult(await verify(method, code.trim(), human()));
      setStep('success');
    } catch (err) {
      failed(err);
      setStep('retry');
    } finally {
      setBusy(false);
    }
  }

  // Closing after success keeps the log-in; before, it is given up.
  const close = () => (result ? onDone(result) : onCancel());

  return (
    <Dialog title={t('ipVerify.dialogTitle')} onClose={close} className="dialog-form two-factor">
      <div className="form" data-step={step}>
        {step === 'start' && (
          <>
            <p className="muted">{t('ipVerify.lead')}</p>
            {challenge.methods.length > 1 && (
              <div className="tabs" role="tablist" aria-label={t('ipVerify.title')}>
                {challenge.methods.map((m) => (
                  <button key={m} type="button" role="tab" className="tab" aria-selected={method === m} onClick={() => setMethod(m)}>
                    {t(`ipVerify.${m}`, { to: m === 'sms' ? challenge.mobile : challenge.email })}
                  </button>
                ))}
              </div>
            )}
            {challenge.methods.length === 1 && <p>{t(`ipVerify.${method}`, { to: method === 'sms' ? challenge.mobile : challenge.email })}</p>}
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            {captchaAsked && !typed && <CaptchaField id="two-factor-captcha" round={round} value={captcha.captcha} onChange={setCaptcha} />}
            <button type="button" className="button button-primary button-block" disabled={busy} onClick={clickToVerify}>
              {busy ? t('common.loading') : t('ipVerify.clickToVerify')}
            </button>
          </>
        )}
        {step === 'code' && (
          <form className="form" onSubmit={(e) => void submit(e)} noValidate>
            <div className="field">
              <label htmlFor="two-factor-code">{method === 'realname' ? t('ipVerify.realnameField') : t('ipVerify.code')}</label>
              <div className={typed ? undefined : 'captcha-row'}>
                <input
                  id="two-factor-code"
                  className="input"
                  inputMode={method === 'realname' ? 'text' : 'numeric'}
                  autoComplete={method === 'realname' ? 'name' : 'one-time-code'}
                  maxLength={255}
                  value={code}
                  aria-invalid={!!error}
                  onChange={(e) => setCode(e.target.value)}
                />
                {!typed && (
                  <button type="button" className="button" disabled={left > 0 || busy} onClick={() => void sendCode()}>
                    {left > 0 ? t('form.resendIn', { s: left }) : t('form.sendCode')}
                  </button>
                )}
              </div>
            </div>
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            {captchaAsked && <CaptchaField id="two-factor-captcha" round={round} value={captcha.captcha} onChange={setCaptcha} />}
            <button type="submit" className="button button-primary button-block" disabled={busy}>
              {busy ? t('common.loading') : t('ipVerify.verify')}
            </button>
          </form>
        )}
        {step === 'success' && (
          <>
            <div className="message" data-tone="info" role="status">
              <ToneIcon tone="info" label={t('common.info')} />
              <p>{t('ipVerify.success')}</p>
            </div>
            <button type="button" className="button button-primary button-block" onClick={() => result && onDone(result)}>
              {t('common.confirm')}
            </button>
          </>
        )}
        {step === 'retry' && (
          <>
            <div className="message" data-tone="warning" role="alert">
              <ToneIcon tone="warning" label={t('common.warning')} />
              <p>
                {t('ipVerify.failed')}
                {error && <span className="muted"> {error}</span>}
              </p>
            </div>
            <button
              type="button"
              className="button button-primary button-block"
              onClick={() => {
                setCode('');
                setError('');
                setStep('code');
              }}
            >
              {t('ipVerify.retry')}
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
