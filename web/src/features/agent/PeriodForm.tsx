import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shortcutRange, shortcuts, type DateRange } from './period';

type Props = {
  range: DateRange;
  onRange: (r: DateRange) => void;
  onShortcut: (r: DateRange) => void;
  onSubmit: () => void;
  error: string | null;
  maxDays: number;
  busy?: boolean;
  children?: ReactNode;
};

// PeriodForm is an agent report's filter bar: from and to days, quick
// dates, the report's own fields (children) and Search.
export function PeriodForm({ range, onRange, onShortcut, onSubmit, error, maxDays, busy, children }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <form
      className="agent-filters"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="agent-fields">
        <div className="field">
          <label htmlFor={`${id}-start`}>{t('records.from')}</label>
          <input id={`${id}-start`} type="date" className="input" value={range.start} onChange={(e) => onRange({ ...range, start: e.target.value })} aria-invalid={!!error} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-end`}>{t('records.to')}</label>
          <input id={`${id}-end`} type="date" className="input" value={range.end} onChange={(e) => onRange({ ...range, end: e.target.value })} aria-invalid={!!error} />
        </div>
        {children}
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('records.search')}
        </button>
      </div>
      <div className="chip-row" role="group" aria-label={t('records.shortcuts')}>
        {shortcuts.map((s) => {
          const r = shortcutRange(s);
          return (
            <button type="button" key={s} className="chip chip-small" aria-pressed={r.start === range.start && r.end === range.end} onClick={() => onShortcut(r)}>
              {t(`records.shortcut.${s}`)}
            </button>
          );
        })}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {t(error, { days: maxDays })}
        </p>
      )}
    </form>
  );
}

// UsernameField is the username filter of the team reports.
export function UsernameField({ value, onChange, required }: { value: string; onChange: (v: string) => void; required?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('agent.username')}</label>
      <input id={id} className="input" dir="ltr" autoComplete="off" value={value} required={required} aria-required={required || undefined} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
