import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { qMax, rangeProblem, type Range, type ReportState } from './reportQuery';

/** FilterField is a text filter a report allows besides the days. */
export type FilterField = { name: 'vendor' | 'gameType' | 'q'; label: string; hint?: string };

type Draft = { from: string; to: string; vendor: string; gameType: string; q: string };

type Props = {
  state: ReportState;
  // shown is the range the server answered, for a report whose address
  // names no days (its default, the last 30 days).
  shown?: Range;
  fields: FilterField[];
  label: string;
  onApply: (d: Draft) => void;
  csv: string;
};

/** ReportFilters is a report's form: the local days and the filters the
 * report allows, applied together (a date typed digit by digit asks the
 * server nothing), a reset to the defaults and the CSV export of exactly
 * what the table shows. Mount it with a key of the state it starts from. */
export function ReportFilters({ state, shown, fields, label, onApply, csv }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({
    from: state.from || shown?.from || '',
    to: state.to || shown?.to || '',
    vendor: state.vendor,
    gameType: state.gameType,
    q: state.q,
  });
  const [problem, setProblem] = useState('');
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = rangeProblem(draft.from, draft.to);
    setProblem(p);
    if (p) return;
    onApply({ from: draft.from, to: draft.to, vendor: draft.vendor.trim(), gameType: draft.gameType.trim(), q: draft.q.trim() });
  };
  const reset = () => {
    setProblem('');
    onApply({ from: '', to: '', vendor: '', gameType: '', q: '' });
  };

  return (
    <form className="admin-filters" role="search" aria-label={label} onSubmit={submit} noValidate>
      <label className="admin-field">
        <span>{t('reports.from')}</span>
        <input className="input" type="date" name="from" value={draft.from} max={draft.to || undefined} onChange={set('from')} aria-invalid={problem ? true : undefined} />
      </label>
      <label className="admin-field">
        <span>{t('reports.to')}</span>
        <input className="input" type="date" name="to" value={draft.to} min={draft.from || undefined} onChange={set('to')} aria-invalid={problem ? true : undefined} />
      </label>
      {fields.map((f) => (
        <label key={f.name} className="admin-field">
          <span>{f.label}</span>
          <input className="input" type="search" name={f.name} maxLength={qMax} autoComplete="off" title={f.hint} value={draft[f.name]} onChange={set(f.name)} />
        </label>
      ))}
      <div className="admin-filter-actions">
        <button className="button button-primary button-small" type="submit">
          {t('reports.apply')}
        </button>
        <button className="button button-small" type="button" onClick={reset}>
          {t('reports.reset')}
        </button>
        <a className="button button-small" href={csv} download data-testid="report-csv">
          {t('reports.exportCsv')}
        </a>
      </div>
      {problem && (
        <p className="admin-error rep-problem" role="alert">
          {t(problem)}
        </p>
      )}
    </form>
  );
}
