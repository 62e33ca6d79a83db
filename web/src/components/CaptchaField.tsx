import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { throttle } from '../lib/countdown';
import { useTranslation } from 'react-i18next';
import { get } from '../lib/api';

export type CaptchaAnswer = { captchaId: string; captcha: string };

// CaptchaField (shared by the account popups and the security centre)
// shows a captcha image with its answer box; clicking the
// image loads another. Each captcha is good for one try, so the parent
// bumps `round` after every submit. `id` names the input when a form has
// two captchas (the SMS code's and its own).
export function CaptchaField({ id: inputId = 'captcha', round, value, onChange }: { id?: string; round: number; value: string; onChange: (a: CaptchaAnswer) => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['captcha', round],
    queryFn: ({ signal }) => get<{ captchaId: string; image: string }>('/wps/captcha', undefined, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
  const id = q.data?.captchaId ?? '';
  // Another image at most once a second (spec §9).
  const refresh = useMemo(() => throttle(() => void q.refetch(), 1000), [q.refetch]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="field captcha-field">
      <label htmlFor={inputId}>{t('form.captcha')}</label>
      <div className="captcha-row">
        <input id={inputId} className="input" autoComplete="off" inputMode="text" maxLength={6} required value={value} onChange={(e) => onChange({ captchaId: id, captcha: e.target.value })} />
        <button type="button" className="captcha-image" onClick={refresh} aria-label={t('form.captchaRefresh')}>
          {q.data ? <img src={`data:image/png;base64,${q.data.image}`} alt={t('form.captchaImage')} width={120} height={40} /> : <span>…</span>}
        </button>
      </div>
    </div>
  );
}
