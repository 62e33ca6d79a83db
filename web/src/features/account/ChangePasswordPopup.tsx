import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { ApiError, del, post } from '../../lib/api';
import { showMessage } from '../../lib/popups';
import { endSession } from '../../lib/session';
import { NewPasswordFields, useNewPasswordCheck, type NewPassword } from './PasswordFields';

// ChangePasswordPopup changes the password (T, E). Forced after a log-in
// with the default 123456 or an expired password: then it has no close
// button, and the way out is to change it or log out (spec §4).
export function ChangePasswordPopup({ forced, onClose }: { forced?: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const check = useNewPasswordCheck();
  const [oldPassword, setOld] = useState('');
  const [next, setNext] = useState<NewPassword>({ newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = { ...check(next) };
    if (!oldPassword) found.oldPassword = t('form.required');
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await post('/wps/member/password', { oldPassword, ...next }, true);
      await client.invalidateQueries({ queryKey: ['memberInfo'] });
      onClose();
      showMessage(t('password.changed'));
      navigate('/');
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      const field = (api?.value as { field?: string } | null)?.field;
      if (field && ['oldPassword', 'newPassword', 'confirmNewPassword'].includes(field)) setErrors({ [field]: api!.message });
      else setFormError(!api || api.code === 'network.abnormal' ? t('errors.network') : api.message || t('errors.unknown'));
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
        <div className="field">
          <label htmlFor="pw-old">{t('form.oldPassword')}</label>
          <input id="pw-old" className="input" type="password" autoComplete="current-password" maxLength={50} value={oldPassword} aria-invalid={!!errors.oldPassword} onChange={(e) => setOld(e.target.value)} />
          {errors.oldPassword && <p className="field-error">{errors.oldPassword}</p>}
        </div>
        <NewPasswordFields value={next} onChange={setNext} errors={errors} />
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
