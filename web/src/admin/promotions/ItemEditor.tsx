import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminPost, adminPut } from '../lib/api';
import { errorText } from '../lib/errorText';
import { promotionsKey } from './keys';
import { fromInput, toInput, whole } from './money';
import { pointsApi } from './PointsPanel';
import { Dialog, FieldProblem, held, serverField, type Problems } from './ui';
import { itemKinds, itemStatuses, textLanguages, type ItemText, type Money, type PointsItem } from './types';

type ItemDraft = {
  texts: Record<string, ItemText>;
  imageUrl: string;
  points: string;
  amountRequirement: string;
  stock: string;
  perMemberLimit: string;
  kind: 'goods' | 'cash';
  cashAmount: string;
  status: 'active' | 'hidden';
  sort: number;
};

export type ItemBody = Omit<PointsItem, 'id' | 'createdAt' | 'updatedAt'>;

/** textsOf is an item's texts keyed in lower case as the tabs are (the
 * server keys them "KM"); languages the tabs do not show are kept, so a
 * save does not drop them. */
export function textsOf(it: PointsItem | null): Record<string, ItemText> {
  const texts: Record<string, ItemText> = Object.fromEntries(textLanguages.map((l) => [l, { name: '', description: '' }]));
  for (const [lang, tx] of Object.entries(it?.texts ?? {})) if (tx) texts[lang.toLowerCase()] = { name: tx.name ?? '', description: tx.description ?? '' };
  return texts;
}

function draftOf(it: PointsItem | null, m: Money | undefined): ItemDraft {
  const texts = textsOf(it);
  return {
    texts,
    imageUrl: it?.imageUrl ?? '',
    points: it ? String(it.points) : '',
    amountRequirement: it ? toInput(it.amountRequirement, false, m) : '0',
    stock: it ? String(it.stock) : '',
    perMemberLimit: it ? String(it.perMemberLimit) : '0',
    kind: it?.kind ?? 'goods',
    cashAmount: it ? toInput(it.cashAmount, false, m) : '0',
    status: it?.status === 'hidden' ? 'hidden' : 'active',
    sort: it?.sort ?? 0,
  };
}

/** validateItem checks an item draft: field → problem key. */
export function validateItem(d: ItemDraft, m: Money | undefined): Problems {
  const p: Problems = {};
  if (!textLanguages.some((l) => d.texts[l]?.name.trim())) p['texts.name'] = 'nameNeeded';
  for (const l of textLanguages) if ((d.texts[l]?.name.length ?? 0) > 100) p[`texts.${l}.name`] = 'tooLong';
  const pts = whole(d.points);
  if (pts === null || pts < 1) p.points = 'atLeastOne';
  if (fromInput(d.amountRequirement, false, m) === null) p.amountRequirement = 'amount';
  if (whole(d.stock) === null) p.stock = 'whole';
  if (whole(d.perMemberLimit) === null) p.perMemberLimit = 'whole';
  if (d.kind === 'cash') {
    const c = fromInput(d.cashAmount, false, m);
    if (c === null || c <= 0) p.cashAmount = 'positive';
  }
  const url = d.imageUrl.trim();
  if (url && !/^(https?:\/\/|\/)\S+$/.test(url)) p.imageUrl = 'url';
  return p;
}

function bodyOf(d: ItemDraft, m: Money | undefined): ItemBody {
  const texts: Record<string, ItemText> = {};
  for (const [l, tx] of Object.entries(d.texts)) if (tx.name.trim()) texts[l] = { name: tx.name.trim(), description: tx.description.trim() };
  return {
    texts,
    imageUrl: d.imageUrl.trim(),
    points: Number(d.points),
    amountRequirement: fromInput(d.amountRequirement, false, m) ?? 0,
    stock: Number(d.stock),
    perMemberLimit: Number(d.perMemberLimit),
    kind: d.kind,
    cashAmount: d.kind === 'cash' ? (fromInput(d.cashAmount, false, m) ?? 0) : 0,
    status: d.status,
    sort: d.sort,
  };
}

/** ItemEditor creates (item null) or edits a points-mall item. */
export function ItemEditor({ item, money, onClose, onSaved }: { item: PointsItem | null; money: Money | undefined; onClose: () => void; onSaved: (text: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<ItemDraft>(() => draftOf(item, money));
  const [lang, setLang] = useState<string>('km');
  const [problems, setProblems] = useState<Problems>({});
  const save = useMutation({
    mutationFn: (body: ItemBody) => (item ? adminPut<PointsItem>(`${pointsApi}/items/${item.id}`, body) : adminPost<PointsItem>(`${pointsApi}/items`, body)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [...promotionsKey, 'points'] });
      onSaved(t(item ? 'promotions.saved' : 'promotions.points.created'));
    },
    onError: (err) => {
      if (held(err)) return onSaved(t('promotions.held'));
      const f = serverField(err);
      const known = ['imageUrl', 'points', 'amountRequirement', 'stock', 'perMemberLimit', 'cashAmount'].includes(f) || /^texts\.\w+\.name$/.test(f);
      setProblems({ [known ? f : '_']: 'server' });
      const l = /^texts\.(\w+)\./.exec(f)?.[1];
      if (l) setLang(l);
    },
  });
  const server = save.isError ? errorText(save.error, t) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    const p = validateItem(draft, money);
    setProblems(p);
    if (Object.keys(p).length === 0) save.mutate(bodyOf(draft, money));
  };
  const input = (k: 'imageUrl' | 'points' | 'amountRequirement' | 'stock' | 'perMemberLimit' | 'cashAmount', hint?: string) => (
    <div className="admin-field">
      <label htmlFor={`pr-item-${k}`}>{t(`promotions.points.${k}`)}</label>
      <input id={`pr-item-${k}`} className="input" value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} aria-invalid={problems[k] ? true : undefined} />
      {hint && <span className="muted pr-small">{hint}</span>}
      <FieldProblem problems={problems} field={k} server={server} />
    </div>
  );
  const tx = draft.texts[lang];
  const setText = (k: keyof ItemText, v: string) => setDraft({ ...draft, texts: { ...draft.texts, [lang]: { ...tx, [k]: v } } });
  return (
    <Dialog title={t(item ? 'promotions.points.editTitle' : 'promotions.points.newItem')} onClose={onClose} busy={save.isPending} wide>
      <form className="pr-form" onSubmit={submit} noValidate>
        <FieldProblem problems={problems} field="texts.name" server={server} />
        <div className="pr-tabs" role="tablist" aria-label={t('promotions.builder.texts')}>
          {textLanguages.map((l) => (
            <button key={l} type="button" role="tab" aria-selected={l === lang} className={l === lang ? 'pr-tab pr-tab-on' : 'pr-tab'} onClick={() => setLang(l)}>
              {t(`promotions.language.${l}`)}
            </button>
          ))}
        </div>
        <div className="admin-field">
          <label htmlFor="pr-item-name">{t('promotions.points.name')}</label>
          <input id="pr-item-name" className="input" value={tx.name} onChange={(e) => setText('name', e.target.value)} />
          <FieldProblem problems={problems} field={`texts.${lang}.name`} server={server} />
        </div>
        <div className="admin-field">
          <label htmlFor="pr-item-description">{t('promotions.points.description')}</label>
          <textarea id="pr-item-description" className="input pr-textarea" rows={3} value={tx.description} onChange={(e) => setText('description', e.target.value)} />
        </div>
        <div className="pr-row">
          <div className="admin-field">
            <label htmlFor="pr-item-kind">{t('promotions.points.kind')}</label>
            <select id="pr-item-kind" className="input admin-select" value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as ItemDraft['kind'] })}>
              {itemKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`promotions.points.kindIs.${k}`)}
                </option>
              ))}
            </select>
          </div>
          {draft.kind === 'cash' && input('cashAmount', money?.currency)}
          <div className="admin-field">
            <label htmlFor="pr-item-status">{t('promotions.list.status')}</label>
            <select id="pr-item-status" className="input admin-select" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as ItemDraft['status'] })}>
              {itemStatuses.map((s) => (
                <option key={s} value={s}>
                  {t(`promotions.state.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="pr-row">
          {input('points')}
          {input('amountRequirement', money?.currency)}
          {input('stock')}
          {input('perMemberLimit', t('promotions.builder.zeroNone'))}
        </div>
        {input('imageUrl')}
        <FieldProblem problems={problems} field="_" server={server} />
        <div className="admin-filter-actions">
          <button type="submit" className="button button-small button-primary" disabled={save.isPending}>
            {t('promotions.save')}
          </button>
          <button type="button" className="button button-small" onClick={onClose} disabled={save.isPending}>
            {t('promotions.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
