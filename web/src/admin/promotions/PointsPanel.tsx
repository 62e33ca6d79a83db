import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGet, adminPut } from '../lib/api';
import { errorText } from '../lib/errorText';
import { can, useAdminSession } from '../lib/session';
import { ItemEditor } from './ItemEditor';
import { promotionsKey } from './keys';
import { basisPoints, count, major, moneyText, rateText, whole } from './money';
import { Badge, Empty, FieldProblem, LoadError, held, serverField, useNotice, type Problems } from './ui';
import { listOf, type Money, type PointsItem, type PointsSettings } from './types';

export const pointsApi = '/admin/api/points';

/** PointsPanel is the points mall: its settings (earning and conversion)
 * and its items; promotions.write edits both. */
export function PointsPanel() {
  return (
    <div className="admin-panel pr-panel">
      <SettingsForm />
      <ItemsList />
    </div>
  );
}

type SettingsDraft = { earnRate: string; convertRate: string; convertMin: string; enabled: boolean };

function SettingsForm() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const writer = can(me, 'promotions.write');
  const key = [...promotionsKey, 'points', 'settings'];
  const answer = useQuery({ queryKey: key, queryFn: ({ signal }) => adminGet<PointsSettings>(`${pointsApi}/settings`, undefined, signal) });
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [notice, say] = useNotice();
  useEffect(() => {
    const s = answer.data;
    if (s) setDraft({ earnRate: major(s.earnRateBp, 2), convertRate: String(s.convertRate), convertMin: String(s.convertMin), enabled: s.enabled });
  }, [answer.data]);
  const save = useMutation({
    mutationFn: (body: PointsSettings) => adminPut<PointsSettings>(`${pointsApi}/settings`, body),
    onSuccess: () => {
      say(t('promotions.saved'));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (err) => {
      if (held(err)) return say(t('promotions.held'));
      const f = serverField(err);
      setProblems({ [f === 'earnRateBp' ? 'earnRate' : f || '_']: 'server' });
    },
  });
  const server = save.isError ? errorText(save.error, t) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    save.reset();
    const p: Problems = {};
    const bp = basisPoints(draft.earnRate);
    if (bp === null || bp > 1000000) p.earnRate = 'percent';
    const rate = whole(draft.convertRate);
    if (rate === null || rate < 1) p.convertRate = 'atLeastOne';
    const min = whole(draft.convertMin);
    if (min === null || min < 1) p.convertMin = 'atLeastOne';
    setProblems(p);
    if (Object.keys(p).length === 0) save.mutate({ earnRateBp: bp!, convertRate: rate!, convertMin: min!, enabled: draft.enabled });
  };
  const s = answer.data;
  return (
    <section className="pr-panel" aria-labelledby="pr-points-settings">
      <h2 className="pr-subhead" id="pr-points-settings">
        {t('promotions.points.settings')}
      </h2>
      {answer.isError && <LoadError error={answer.error} onRetry={() => void answer.refetch()} />}
      {notice}
      {s && !writer && (
        <dl className="admin-dl" data-testid="points-settings">
          <div>
            <dt>{t('promotions.points.enabled')}</dt>
            <dd>{t(s.enabled ? 'promotions.yes' : 'promotions.no')}</dd>
          </div>
          <div>
            <dt>{t('promotions.points.earnRate')}</dt>
            <dd>{rateText(s.earnRateBp, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('promotions.points.convertRate')}</dt>
            <dd>{count(s.convertRate, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('promotions.points.convertMin')}</dt>
            <dd>{count(s.convertMin, i18n.language)}</dd>
          </div>
        </dl>
      )}
      {draft && writer && (
        <form className="pr-form" onSubmit={submit} noValidate>
          <label className="pr-check">
            <input type="checkbox" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />
            <span>{t('promotions.points.enabled')}</span>
          </label>
          <div className="pr-row">
            {(['earnRate', 'convertRate', 'convertMin'] as const).map((k) => (
              <div key={k} className="admin-field">
                <label htmlFor={`pr-points-${k}`}>{t(`promotions.points.${k}`)}</label>
                <input id={`pr-points-${k}`} className="input" inputMode="decimal" value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} aria-invalid={problems[k] ? true : undefined} />
                <span className="muted pr-small">{t(`promotions.points.${k}Hint`)}</span>
                <FieldProblem problems={problems} field={k} server={server} />
              </div>
            ))}
          </div>
          <FieldProblem problems={problems} field="_" server={server} />
          <div className="admin-filter-actions">
            <button type="submit" className="button button-small button-primary" disabled={save.isPending}>
              {t('promotions.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** itemName is an item's name in the list: English, else any language's
 * (the server keys languages in capitals). */
export function itemName(it: PointsItem): string {
  const tx = it.texts ?? {};
  return tx.EN?.name || tx.en?.name || Object.values(tx).find((x) => x?.name)?.name || `#${it.id}`;
}

function ItemsList() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const writer = can(me, 'promotions.write');
  const [editing, setEditing] = useState<PointsItem | 'new' | null>(null);
  const [notice, say] = useNotice();
  const answer = useQuery({
    queryKey: [...promotionsKey, 'points', 'items'],
    queryFn: ({ signal }) => adminGet<unknown>(`${pointsApi}/items`, undefined, signal),
  });
  const rows = listOf<PointsItem>(answer.data, 'content');
  const money = (answer.data ?? undefined) as Money | undefined;
  return (
    <section className="pr-panel" aria-labelledby="pr-points-items">
      <div className="pr-head">
        <h2 className="pr-subhead" id="pr-points-items">
          {t('promotions.points.items')}
        </h2>
        {writer && (
          <button type="button" className="button button-small button-primary" onClick={() => setEditing('new')}>
            {t('promotions.points.newItem')}
          </button>
        )}
      </div>
      {notice}
      {answer.isError && <LoadError error={answer.error} onRetry={() => void answer.refetch()} />}
      <div className="admin-table-wrap">
        <table className="admin-table pr-table" aria-busy={answer.isFetching}>
          <caption className="visually-hidden">{t('promotions.points.items')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('promotions.id')}</th>
              <th scope="col">{t('promotions.points.name')}</th>
              <th scope="col">{t('promotions.points.kind')}</th>
              <th scope="col" className="pr-num">
                {t('promotions.points.points')}
              </th>
              <th scope="col" className="pr-num">
                {t('promotions.points.amountRequirement')}
              </th>
              <th scope="col" className="pr-num">
                {t('promotions.points.stock')}
              </th>
              <th scope="col" className="pr-num">
                {t('promotions.points.perMemberLimit')}
              </th>
              <th scope="col">{t('promotions.list.status')}</th>
              {writer && <th scope="col">{t('promotions.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((it) => (
              <tr key={it.id} data-testid={`item-${it.id}`}>
                <td>{it.id}</td>
                <td className="pr-wrap">{itemName(it)}</td>
                <td>
                  {t(`promotions.points.kindIs.${it.kind}`)}
                  {it.kind === 'cash' && <span className="muted pr-small pr-block">{moneyText(it.cashAmount, money, i18n.language)}</span>}
                </td>
                <td className="pr-num">{count(it.points, i18n.language)}</td>
                <td className="pr-num">{moneyText(it.amountRequirement, money, i18n.language)}</td>
                <td className="pr-num">{count(it.stock, i18n.language)}</td>
                <td className="pr-num">{it.perMemberLimit ? count(it.perMemberLimit, i18n.language) : '—'}</td>
                <td>
                  <Badge state={it.status} />
                </td>
                {writer && (
                  <td>
                    <button type="button" className="button button-small" onClick={() => setEditing(it)} aria-label={t('promotions.points.editOne', { id: it.id })}>
                      {t('promotions.list.edit')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {answer.isSuccess && rows.length === 0 && <Empty text={t('promotions.points.noItems')} />}
        {answer.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      {editing && (
        <ItemEditor
          item={editing === 'new' ? null : editing}
          money={money}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            say(text);
          }}
        />
      )}
    </section>
  );
}
