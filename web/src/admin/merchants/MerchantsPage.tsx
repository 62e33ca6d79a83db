import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGet, adminPost, AdminApiError } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatTime } from '../lib/format';

/** MerchantSummary is a merchant as the platform lists it. */
export type MerchantSummary = {
  code: string;
  name: string;
  currency: string;
  defaultLanguage: string;
  mainDomain: string;
  maintenance: boolean;
  createdAt: string;
};

type MerchantList = {
  merchants: MerchantSummary[];
  currencies: { code: string; symbol: string; decimals: number }[];
  languages: { code: string; name: string }[];
};

type NewMerchant = { code: string; name: string; currency: string; defaultLanguage: string; mainDomain: string };

const merchantsKey = ['admin', 'merchants'];

/** MerchantsPage is the platform's merchants and the form that creates
 * one (platform operators with merchants.manage only). */
export function MerchantsPage() {
  const { t, i18n } = useTranslation();
  const list = useQuery({ queryKey: merchantsKey, queryFn: ({ signal }) => adminGet<MerchantList>('/admin/api/merchants', undefined, signal) });
  return (
    <section className="admin-page" aria-labelledby="page-merchants">
      <div className="admin-page-head">
        <h1 id="page-merchants">{t('sections.merchants.title')}</h1>
        <p className="muted">{t('sections.merchants.summary')}</p>
      </div>
      {list.data && <CreateMerchant list={list.data} />}
      <div className="admin-panel">
        <h2>{t('merchants.list')}</h2>
        {list.isError && (
          <p className="admin-error" role="alert">
            {errorText(list.error, t)}
          </p>
        )}
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('merchants.code')}</th>
                <th scope="col">{t('merchants.name')}</th>
                <th scope="col">{t('merchants.currency')}</th>
                <th scope="col">{t('merchants.defaultLanguage')}</th>
                <th scope="col">{t('merchants.mainDomain')}</th>
                <th scope="col">{t('merchants.status')}</th>
                <th scope="col">{t('merchants.created')}</th>
              </tr>
            </thead>
            <tbody>
              {(list.data?.merchants ?? []).map((m) => (
                <tr key={m.code} data-testid={`merchant-${m.code}`}>
                  <td>
                    <code>{m.code}</code>
                  </td>
                  <td>{m.name}</td>
                  <td>{m.currency}</td>
                  <td>{m.defaultLanguage}</td>
                  <td>{m.mainDomain}</td>
                  <td>
                    <span className={m.maintenance ? 'admin-badge admin-badge-off' : 'admin-badge admin-badge-on'}>
                      {m.maintenance ? t('merchants.maintenance') : t('merchants.open')}
                    </span>
                  </td>
                  <td>{formatTime(m.createdAt, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

function CreateMerchant({ list }: { list: MerchantList }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const empty: NewMerchant = { code: '', name: '', currency: list.currencies[0]?.code ?? 'USD', defaultLanguage: 'EN', mainDomain: '' };
  const [draft, setDraft] = useState<NewMerchant>(empty);
  const [created, setCreated] = useState('');
  const create = useMutation({
    mutationFn: (body: NewMerchant) => adminPost<MerchantSummary>('/admin/api/merchants', body),
    onMutate: () => setCreated(''),
    onSuccess: (m) => {
      setCreated(m.code);
      setDraft(empty);
      return client.invalidateQueries({ queryKey: merchantsKey });
    },
  });
  const problem = create.error instanceof AdminApiError ? (create.error.value as { field?: string; reason?: string } | null) : null;
  const bad = (f: keyof NewMerchant) => (problem?.field === f ? true : undefined);
  const set = (patch: Partial<NewMerchant>) => setDraft({ ...draft, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ ...draft, code: draft.code.trim(), name: draft.name.trim(), mainDomain: draft.mainDomain.trim() });
  };
  return (
    <section className="admin-panel" aria-labelledby="merchants-create">
      <h2 id="merchants-create">{t('merchants.create')}</h2>
      <p className="muted">{t('merchants.createHint')}</p>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="admin-filters">
          <label className="admin-field">
            <span>{t('merchants.code')}</span>
            <input className="input" value={draft.code} required maxLength={32} spellCheck={false} autoCapitalize="off" aria-invalid={bad('code')}
              onChange={(e) => set({ code: e.target.value })} />
          </label>
          <label className="admin-field admin-field-wide">
            <span>{t('merchants.name')}</span>
            <input className="input" value={draft.name} required maxLength={80} aria-invalid={bad('name')} onChange={(e) => set({ name: e.target.value })} />
          </label>
          <label className="admin-field">
            <span>{t('merchants.currency')}</span>
            <select className="input admin-select" value={draft.currency} aria-invalid={bad('currency')} onChange={(e) => set({ currency: e.target.value })}>
              {list.currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} ({c.symbol})
                </option>
              ))}
            </select>
          </label>
          <label className="admin-field">
            <span>{t('merchants.defaultLanguage')}</span>
            <select className="input admin-select" value={draft.defaultLanguage} aria-invalid={bad('defaultLanguage')}
              onChange={(e) => set({ defaultLanguage: e.target.value })}>
              {list.languages.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name} ({l.code})
                </option>
              ))}
            </select>
          </label>
          <label className="admin-field admin-field-wide">
            <span>{t('merchants.mainDomain')}</span>
            <input className="input" value={draft.mainDomain} required spellCheck={false} autoCapitalize="off" aria-invalid={bad('mainDomain')}
              onChange={(e) => set({ mainDomain: e.target.value })} />
          </label>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button button-small" disabled={create.isPending}>
            {t('merchants.submit')}
          </button>
        </div>
        {create.isError && (
          <p className="admin-error" role="alert">
            {errorText(create.error, t)}
            {problem?.field && (
              <>
                {' '}
                <span className="admin-code">{problem.field}</span>
                {problem.reason && <> ({problem.reason})</>}
              </>
            )}
          </p>
        )}
        {created && (
          <p className="admin-notice" role="status">
            {t('merchants.done', { code: created })}
          </p>
        )}
      </form>
    </section>
  );
}
