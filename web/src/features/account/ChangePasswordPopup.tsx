import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { ApiError, del, post } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import { showMessage } from '../../lib/popups';
import { endSession } from '../../lib/session';
import { NewPasswordFields, useNewPasswordCheck, type NewPassword } from './PasswordFields';
import { CaptchaField, type CaptchaAnswer } from './Captcha';

// ChangePasswordPopup changes the password (T, E). Forced after a log-in
// with the default 123456 or an expired password: then it has no close
// button, and the way out is to change it or log out (spec §4). Right
// after that log-in the old password is known (oldPassword, in memory
// only) and is not asked again (spec §5, C-100).
export function ChangePasswordPopup({ forced, oldPassword: known, onClose }: { forced?: boolean; oldPassword?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const check = useNewPasswordCheck();
  const [oldPassword, setOld] = useState(known ?? '');
  const [next, setNext] = useState<NewPassword>({ newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  // Wrong old passwords count like failed log-ins: a captcha after a few,
  // then the lock, which also ends the session.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captchaId: '', captcha: '' });
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = { ...check(next) };
    if (!oldPassword) found.oldPassword = t('form.empty');
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await post('/wps/member/password', { oldPassword, ...next, ...(captchaAsked ? captcha : {}) }, true);
      await client.invalidateQueries({ queryKey: ['memberInfo'] });
      onClose();
      showMessage(t('password.changed'));
      navigate('/');
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      if (api?.code === 'login.too_many_attempts') {
        endSession();
        onClose();
        showMessage(api.message, { tone: 'warning' });
        navigate('/');
        return;
      }
      if ((api?.value as { captcha?: boolean } | null)?.captcha) setCaptchaAsked(true);
      setRound((r) => r + 1);
      setCaptcha({ captchaId: '', captcha: '' });
      const field = (api?.value as { field?: string } | null)?.field;
      if (field && ['newPassword', 'confirmNewPassword'].includes(field)) setErrors({ [field]: api!.message });
      else if (field === 'oldPassword' && !known) setErrors({ oldPassword: api!.message });
      else setFormError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  async function logout() {
    try {
      await del('/wps/session/logout');
    } catch {
      // Ending the session here is what matters.
    }
    endSession();
    onClose();
    navigate('/');
  }

  return (
    <Dialog title={t('password.changeTitle')} onClose={onClose} hideClose={forced}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {forced && <p className="muted">{t('password.forcedLead')}</p>}
        {!known && (
          <div className="field">
            <label htmlFor="pw-old">{t('form.oldPassword')}</label>
            <input id="pw-old" className="input" type="password" autoComplete="current-password" maxLength={50} value={oldPassword} aria-invalid={!!errors.oldPassword} onChange={(e) => setOld(e.target.value)} />
            {errors.oldPassword && <p className="field-error">{errors.oldPassword}</p>}
          </div>
        )}
        <NewPasswordFields value={next} onChange={setNext} errors={errors} />
        {captchaAsked && <CaptchaField round={round} value={captcha.captcha} onChange={setCaptcha} />}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t('common.loading') : t('password.submit')}
        </button>
        {forced && (
          <button type="button" className="link-button" onClick={() => void logout()}>
            {t('header.logout')}
          </button>
        )}
      </form>
    </Dialog>
  );
}
