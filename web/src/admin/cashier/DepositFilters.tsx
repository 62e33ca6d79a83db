import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultFilter, rangeProblem, type DepositFilter } from './depositQuery';
import { depositStatuses } from './types';
import { useChannels } from './useChannels';

type Draft = Pick<DepositFilter, 'status' | 'channelId' | 'q' | 'from' | 'to'>;

/** DepositFilters is the queue's form: status, channel, a username prefix
 * or order id, and local days, applied together, with the CSV export of
 * what the table shows. Mount it with a key of the filter it starts from. */
export function DepositFilters({ filter, onApply, csv }: { filter: DepositFilter; onApply: (d: Draft) => void; csv: string }) {
  const { t } = useTranslation();
  const channels = useChannels();
  const [draft, setDraft] = useState<Draft>({ status: filter.status, channelId: filter.channelId, q: filter.q, from: filter.from, to: filter.to });
  const [problem, setProblem] = useState('');
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = rangeProblem(draft.from, draft.to);
    setProblem(p);
    if (!p) onApply({ ...draft, q: draft.q.trim() });
  };
  const reset = () => {
    setProblem('');
    const { status, channelId, q, from, to } = defaultFilter;
    onApply({ status, channelId, q, from, to });
  };

  return (
    <form className="admin-filters" role="search" aria-label={t('cashier.deposits.filters')} onSubmit={submit} noValidate>
      <label className="admin-field">
        <span>{t('cashier.deposits.status')}</span>
        <select className="input admin-select" name="status" value={draft.status} onChange={set('status')}>
          <option value="all">{t('cashier.deposits.allStatuses')}</option>
          {depositStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`cashier.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-field">
        <span>{t('cashier.deposits.channel')}</span>
        <select className="input admin-select" name="channelId" value={draft.channelId} onChange={set('channelId')}>
          <option value="">{t('cashier.deposits.allChannels')}</option>
          {(channels.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-field">
        <span>{t('cashier.deposits.search')}</span>
        <input className="input" type="search" name="q" maxLength={40} autoComplete="off" title={t('cashier.deposits.searchHint')} value={draft.q} onChange={set('q')} />
      </label>
      <label className="admin-field">
        <span>{t('cashier.from')}</span>
        <input className="input" type="date" name="from" value={draft.from} max={draft.to || undefined} onChange={set('from')} aria-invalid={problem ? true : undefined} />
      </label>
      <label className="admin-field">
        <span>{t('cashier.to')}</span>
        <input className="input" type="date" name="to" value={draft.to} min={draft.from || undefined} onChange={set('to')} aria-invalid={problem ? true : undefined} />
      </label>
      <div className="admin-filter-actions">
        <button className="button button-primary button-small" type="submit">
          {t('cashier.apply')}
        </button>
        <button className="button button-small" type="button" onClick={reset}>
          {t('cashier.reset')}
        </button>
        <a className="button button-small" href={csv} download data-testid="deposits-csv">
          {t('cashier.exportCsv')}
        </a>
      </div>
      {problem && (
        <p className="admin-error" role="alert">
          {t(problem)}
        </p>
      )}
    </form>
  );
}
