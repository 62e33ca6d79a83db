import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/errorText';
import { formatTime } from '../lib/format';
import { useAdminSession } from '../lib/session';
import { SortInput, Switch } from './controls';
import { changeVendor, fetchVendors, gamesKey, rotateSecret, setWinLimit, vendorsKey, type AdminVendor, type VendorChange } from './gamesApi';

/** VendorsTable is the vendors offered to the merchant with its switches,
 * and every vendor's win ceiling. A vendor's signing secret and ceiling
 * are shared by every merchant, so only a platform operator (no merchant
 * of their own) changes them; the server refuses anyone else anyway. */
export function VendorsTable() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const platform = me.merchant === '';
  const client = useQueryClient();
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [rotating, setRotating] = useState<AdminVendor | null>(null);
  const [ceiling, setCeiling] = useState<AdminVendor | null>(null);

  const vendors = useQuery({ queryKey: vendorsKey, queryFn: ({ signal }) => fetchVendors(signal) });
  const change = useMutation({
    mutationFn: ({ code, change }: { code: string; change: VendorChange }) => changeVendor(code, change),
    onSuccess: (v) => {
      setError('');
      setNotice(t('games.saved', { name: v.name }));
    },
    onError: (err) => {
      setNotice('');
      setError(errorText(err, t));
    },
    // The games list shows each game's vendor state too.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: vendorsKey }), client.invalidateQueries({ queryKey: gamesKey })]),
  });
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  return (
    <div className="admin-panel">
      {!platform && <p className="muted">{t('games.vendors.sharedHint')}</p>}
      {notice && (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      )}
      {(error || vendors.isError) && (
        <p className="admin-error" role="alert">
          {error || errorText(vendors.error, t)}
        </p>
      )}
      {rotating && <RotateSecret vendor={rotating} onClose={() => setRotating(null)} />}
      {ceiling && (
        <CeilingForm
          vendor={ceiling}
          onClose={(text) => {
            setCeiling(null);
            if (text) setNotice(text);
          }}
        />
      )}
      <div className="admin-table-wrap">
        <table className="admin-table" aria-busy={vendors.isFetching} aria-label={t('sections.games.parts.vendors')}>
          <thead>
            <tr>
              <th scope="col">{t('games.fields.code')}</th>
              <th scope="col">{t('games.fields.name')}</th>
              <th scope="col">{t('games.fields.gameType')}</th>
              <th scope="col">{t('games.vendors.games')}</th>
              <th scope="col">{t('games.fields.enabled')}</th>
              <th scope="col">{t('games.fields.maintenance')}</th>
              <th scope="col">{t('games.fields.sort')}</th>
              <th scope="col">{t('games.vendors.ceiling')}</th>
              {platform && <th scope="col">{t('games.vendors.secret')}</th>}
            </tr>
          </thead>
          <tbody>
            {(vendors.data ?? []).map((v) => (
              <tr key={v.code} data-testid={`vendor-${v.code}`}>
                <td>{v.code}</td>
                <td>{v.name}</td>
                <td>{t(`games.types.${v.gameType}`, { defaultValue: v.gameType })}</td>
                <td>{number(v.games)}</td>
                <td>
                  <Switch
                    checked={v.enabled}
                    label={t('games.switch.enabled', { name: v.name })}
                    disabled={!v.offered || change.isPending}
                    testId={`vendor-enabled-${v.code}`}
                    onChange={(next) => change.mutate({ code: v.code, change: { enabled: next } })}
                  />
                </td>
                <td>
                  <Switch
                    checked={v.maintenance}
                    label={t('games.switch.maintenance', { name: v.name })}
                    disabled={!v.offered || change.isPending}
                    testId={`vendor-maintenance-${v.code}`}
                    onChange={(next) => change.mutate({ code: v.code, change: { maintenance: next } })}
                  />
                </td>
                <td>
                  {v.offered ? (
                    <SortInput value={v.sort} label={t('games.sortOf', { name: v.name })} disabled={change.isPending} onSave={(n) => change.mutate({ code: v.code, change: { sort: n } })} />
                  ) : (
                    v.sort
                  )}
                </td>
                <td>
                  <span data-testid={`ceiling-${v.code}`}>
                    {t('games.vendors.ceilingValue', { multiple: number(v.winLimit.multiple), max: number(v.winLimit.max) })}
                  </span>
                  {v.winLimit.default && <span className="admin-badge games-note">{t('games.vendors.default')}</span>}
                  {platform && (
                    <button type="button" className="button button-small games-note" onClick={() => setCeiling(v)}>
                      {t('games.vendors.editCeiling')}
                    </button>
                  )}
                </td>
                {platform && (
                  <td>
                    <button type="button" className="button button-small admin-danger" onClick={() => setRotating(v)}>
                      {t('games.vendors.rotate')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {vendors.isSuccess && !vendors.data.length && (
          <p className="admin-empty-row" role="status">
            {t('games.vendors.none')}
          </p>
        )}
        {vendors.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <p className="muted">{t('games.vendors.ceilingHint')}</p>
    </div>
  );
}

// RotateSecret asks first, then shows the new secret this once with a copy
// button: the server never answers it again, and closing forgets it.
function RotateSecret({ vendor, onClose }: { vendor: AdminVendor; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => ref.current?.focus(), []);
  const rotate = useMutation({ mutationFn: () => rotateSecret(vendor.code) });
  const result = rotate.data;
  const copy = async () => {
    if (!result) return;
    await navigator.clipboard.writeText(result.secret);
    setCopied(true);
  };
  const title = t('games.rotate.title', { name: vendor.name });
  return (
    <div
      className="admin-confirm"
      role="alertdialog"
      aria-modal="false"
      aria-label={title}
      tabIndex={-1}
      ref={ref}
      onKeyDown={(e) => e.key === 'Escape' && !rotate.isPending && onClose()}
    >
      <p>
        <strong>{title}</strong>
      </p>
      {!result ? (
        <>
          <p>{t('games.rotate.effect')}</p>
          <div className="admin-filter-actions">
            <button type="button" className="button button-small admin-danger" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
              {t('games.rotate.confirm')}
            </button>
            <button type="button" className="button button-small" disabled={rotate.isPending} onClick={onClose}>
              {t('games.cancel')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t('games.rotate.once', { until: formatTime(result.previousValidUntil, i18n.language) })}</p>
          <code className="admin-secret" data-testid="new-secret">
            {result.secret}
          </code>
          <div className="admin-filter-actions">
            <button type="button" className="button button-small button-primary" onClick={() => void copy()}>
              {copied ? t('games.rotate.copied') : t('games.rotate.copy')}
            </button>
            <button type="button" className="button button-small" onClick={onClose}>
              {t('games.rotate.close')}
            </button>
          </div>
        </>
      )}
      {rotate.isError && (
        <p className="admin-error" role="alert">
          {errorText(rotate.error, t)}
        </p>
      )}
    </div>
  );
}

// CeilingForm sets a vendor's win ceiling (every merchant's) or gives it
// the default again.
function CeilingForm({ vendor, onClose }: { vendor: AdminVendor; onClose: (notice?: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);
  const [multiple, setMultiple] = useState(String(vendor.winLimit.multiple));
  const [max, setMax] = useState(String(vendor.winLimit.max));
  const [error, setError] = useState('');
  useEffect(() => ref.current?.focus(), []);
  const save = useMutation({
    mutationFn: (body: { multiple: number; max: number } | { default: true }) => setWinLimit(vendor.code, body),
    onSuccess: () => onClose(t('games.saved', { name: vendor.name })),
    onError: (err) => setError(errorText(err, t)),
    onSettled: () => client.invalidateQueries({ queryKey: vendorsKey }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const m = Number(multiple);
    const x = Number(max);
    if (!Number.isSafeInteger(m) || !Number.isSafeInteger(x) || m < 1 || x < 1) {
      setError(t('games.ceiling.invalid'));
      return;
    }
    save.mutate({ multiple: m, max: x });
  };
  const title = t('games.ceiling.title', { name: vendor.name });
  return (
    <div className="admin-confirm" role="region" aria-label={title} tabIndex={-1} ref={ref} onKeyDown={(e) => e.key === 'Escape' && !save.isPending && onClose()}>
      <p>
        <strong>{title}</strong>
      </p>
      <p>{t('games.ceiling.effect')}</p>
      <form className="admin-filters" onSubmit={submit} noValidate>
        <label className="admin-field">
          <span>{t('games.ceiling.multiple')}</span>
          <input className="input" inputMode="numeric" name="multiple" value={multiple} onChange={(e) => setMultiple(e.target.value)} />
        </label>
        <label className="admin-field">
          <span>{t('games.ceiling.max')}</span>
          <input className="input" inputMode="numeric" name="max" value={max} onChange={(e) => setMax(e.target.value)} />
        </label>
        <div className="admin-filter-actions">
          <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
            {t('games.ceiling.save')}
          </button>
          <button type="button" className="button button-small" disabled={save.isPending || vendor.winLimit.default} onClick={() => save.mutate({ default: true })}>
            {t('games.ceiling.reset')}
          </button>
          <button type="button" className="button button-small" disabled={save.isPending} onClick={() => onClose()}>
            {t('games.cancel')}
          </button>
        </div>
      </form>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
