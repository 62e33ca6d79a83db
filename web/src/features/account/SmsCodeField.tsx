import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../data/permission';
import { post } from '../../lib/api';
import { throttle, useCountdown } from '../../lib/countdown';
import { errorText } from '../../lib/errorText';
import { showMessage } from '../../lib/popups';
import { phoneProblem, useCountries, type Phone } from './PhoneField';
import { CaptchaField, type CaptchaAnswer } from './Captcha';

type Props = {
  id: string;
  phone: Phone;
  value: string;
  onChange: (code: string) => void;
  // register sends to the registration variant; login and reset to noLogin.
  purpose: 'login' | 'reset' | 'register';
  error?: string;
};

// SmsCodeField is the code box with its send button: the button waits
// expiredMinutes x 60 s after a send and is throttled to one press a
// second; a refused send shows the server's message in a warning dialog
// with a confirm button (spec §4, §5, §8; C-045). When the merchant
// requires captchas, sending a code takes one too (the server checks it);
// each captcha is good for one send.
export function SmsCodeField({ id, phone, value, onChange, purpose, error }: Props) {
  const { t } = useTranslation();
  const p = usePermission();
  const countries = useCountries();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const captchaOn = !!(p.registerRules.captcha?.enabled && p.registerRules.captcha.required);
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captchaId: '', captcha: '' });
  const [round, setRound] = useState(0);

  const send = useMemo(
    () =>
      throttle(async (ph: Phone, human: CaptchaAnswer) => {
        const digits = countries.data?.find((c) => c.countryDialingCode === ph.countryDialingCode)?.digits;
        const problem = phoneProblem(ph, digits);
        if (problem) {
          showMessage(t(problem), { tone: 'warning' });
          return;
        }
        if (captchaOn && !human.captcha.trim()) {
          showMessage(t('form.empty'), { tone: 'warning' });
          return;
        }
        setSending(true);
        try {
          const mobile = ph.mobileNum.trim();
          const check = captchaOn ? { captchaId: human.captchaId, captcha: human.captcha.trim() } : {};
          const res =
            purpose === 'register'
              ? await post<{ expiredMinutes: number }>('/wps/verification/sms/register', { mobileNo: mobile, countryDialingCode: ph.countryDialingCode, regType: 'registerMobile', ...check })
              : await post<{ expiredMinutes: number }>('/wps/verification/sms/noLogin', { mobileNum: mobile, countryDialingCode: ph.countryDialingCode, purpose, ...check });
          start((res.expiredMinutes || p.expiredMinutes || 1) * 60);
        } catch (err) {
          showMessage(errorText(t, err), { tone: 'warning' });
        } finally {
          setSending(false);
          if (captchaOn) {
            setRound((r) => r + 1);
            setCaptcha({ captchaId: '', captcha: '' });
          }
        }
      }, 1000),
    [countries.data, purpose, p.expiredMinutes, start, t, captchaOn],
  );

  return (
    <>
      {captchaOn && left === 0 && <CaptchaField id={`${id}-captcha`} round={round} value={captcha.captcha} onChange={setCaptcha} />}
      <div className="field">
        <label htmlFor={id}>{t('form.smsCode')}</label>
        <div className="captcha-row">
          <input id={id} className="input" inputMode="numeric" autoComplete="one-time-code" maxLength={255} value={value} aria-invalid={!!error} onChange={(e) => onChange(e.target.value.trim())} />
          <button type="button" className="button" disabled={left > 0 || sending} onClick={() => void send(phone, captcha)}>
            {left > 0 ? t('form.resendIn', { s: left }) : t('form.sendCode')}
          </button>
        </div>
        {error && <p className="field-error">{error}</p>}
      </div>
    </>
  );
}
