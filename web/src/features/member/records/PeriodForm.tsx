import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS, shortcutRange, shortcuts, type DateRange } from './dates';

type Props = {
  range: DateRange;
  onRange: (r: DateRange) => void;
  // onShortcut applies a shortcut's range at once: it is always valid.
  onShortcut: (r: DateRange) => void;
  onSubmit: () => void;
  error: string | null;
  busy?: boolean;
  children?: ReactNode;
};

// PeriodForm is a report's filter bar: from and to dates, the date
// shortcuts (spec §9), the report's own selects, and Search.
export function PeriodForm({ range, onRange, onShortcut, onSubmit, error, busy, children }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <form
      className="report-filters"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="report-fields">
        <div className="field">
          <label htmlFor={`${id}-start`}>{t('records.from')}</label>
          <input id={`${id}-start`} type="date" className="input" value={range.start} onChange={(e) => onRange({ ...range, start: e.target.value })} aria-invalid={!!error} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-end`}>{t('records.to')}</label>
          <input id={`${id}-end`} type="date" className="input" value={range.end} onChange={(e) => onRange({ ...range, end: e.target.value })} aria-invalid={!!error} />
        </div>
        {children}
        <button type="submit" className="button button-primary report-search" disabled={busy}>
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
          {t(error, { days: MAX_RANGE_DAYS })}
        </p>
      )}
    </form>
  );
}
