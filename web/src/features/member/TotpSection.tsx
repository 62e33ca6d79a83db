import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../../lib/api';
import { errorText } from '../../lib/errorText';

type Setup = { secret: string; otpauthUrl: string; qrCode: string };

// TotpSection sets up or removes the authenticator app that can confirm
// log-ins from new addresses (spec §4 Unrecognised IP login).
export function TotpSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useQuery({ queryKey: ['totp'], queryFn: ({ signal }) => get<{ enabled: boolean }>('/wps/member/totp', undefined, signal) });
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const enabled = state.data?.enabled;
    void run(async () => {
      await post(enabled ? '/wps/member/totp/disable' : '/wps/member/totp/enable', { code: code.trim() });
      setSetup(null);
      setCode('');
      await client.invalidateQueries({ queryKey: ['totp'] });
    });
  }

  if (!state.data) return null;
  return (
    <section className="card totp" aria-labelledby="totp-title">
      <h3 id="totp-title">{t('totp.title')}</h3>
      <p className="muted">{t('totp.lead')}</p>
      <p>{state.data.enabled ? t('totp.on') : t('totp.off')}</p>
      {!state.data.enabled && !setup && (
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void run(async () => setSetup(await post<Setup>('/wps/member/totp/setup')))}>
          {t('totp.setUp')}
        </button>
      )}
      {setup && (
        <div className="totp-setup">
          <p>{t('totp.scan')}</p>
          <img src={`data:image/png;base64,${setup.qrCode}`} alt={t('totp.qr')} width={200} height={200} />
          <code dir="ltr">{setup.secret}</code>
        </div>
      )}
      {(setup || state.data.enabled) && (
        <form className="form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="totp-code">{t('ipVerify.code')}</label>
            <input id="totp-code" className="input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
          </div>
          <button type="submit" className="button button-primary" disabled={busy || code.trim().length !== 6}>
            {state.data.enabled ? t('totp.remove') : t('totp.enable')}
          </button>
        </form>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
