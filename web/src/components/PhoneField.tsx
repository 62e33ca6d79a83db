import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../lib/api';

type Country = { countryDialingCode: string; iso: string; name: string; digits: number[] };

export type Phone = { countryDialingCode: string; mobileNum: string };

export function useCountries() {
  return useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => get<Country[]>('/wps/system/countryCodes', undefined, signal), staleTime: Infinity });
}

// phoneProblem checks a number against its country's digit counts (spec
// §5) after dropping leading zeros, as the server does.
export function phoneProblem(phone: Phone, digits: number[] | undefined): string | null {
  const n = phone.mobileNum.trim().replace(/^0+/, '');
  if (!n) return 'form.empty';
  if (!/^\d+$/.test(n) || (digits && digits.length > 0 && !digits.includes(n.length))) return 'form.phoneInvalid';
  return null;
}

// PhoneField is the country dialing code and the national number.
export function PhoneField({ id, value, onChange, error }: { id: string; value: Phone; onChange: (p: Phone) => void; error?: string }) {
  const { t } = useTranslation();
  const countries = useCountries();
  const list = countries.data ?? [{ countryDialingCode: '855', iso: 'KH', name: 'Cambodia', digits: [8, 9] }];
  return (
    <div className="field">
      <label htmlFor={id}>
        {t('form.mobileNum')}
        <span aria-hidden="true"> *</span>
      </label>
      <div className="phone-row">
        <select aria-label={t('form.countryCode')} className="input" value={value.countryDialingCode} onChange={(e) => onChange({ ...value, countryDialingCode: e.target.value })}>
          {list.map((c) => (
            <option key={c.iso} value={c.countryDialingCode}>
              +{c.countryDialingCode} {c.iso}
            </option>
          ))}
        </select>
        <input
          id={id}
          className="input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={15}
          value={value.mobileNum}
          aria-invalid={!!error}
          onChange={(e) => onChange({ ...value, mobileNum: e.target.value.replace(/[^\d]/g, '') })}
        />
      </div>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
