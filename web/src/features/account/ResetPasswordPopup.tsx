import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { ApiError, post } from '../../lib/api';
import { afterLogin, type LoginResult } from './afterLogin';
import { NewPasswordFields, useNewPasswordCheck, type NewPassword } from './PasswordFields';

// ResetPasswordPopup finishes an e-mailed reset: the link's token and a new
// password (E); the member is then logged in.
export function ResetPasswordPopup({ token, onClose }: { token?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const check = useNewPasswordCheck();
  const [next, setNext] = useState<NewPassword>({ newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = check(next);
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const res = await post<LoginResult>('/wps/member/password/email/reset', { token: token ?? '', ...next }, true);
      onClose();
      await afterLogin(res, { client, type: 'reset' });
      navigate('/', { replace: true });
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      setFormError(!api || api.code === 'network.abnormal' ? t('errors.network') : api.message || t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('forgot.resetTitle')} onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <NewPasswordFields value={next} onChange={setNext} errors={errors} />
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t('common.loading') : t('password.submit')}
        </button>
      </form>
    </Dialog>
  );
}
