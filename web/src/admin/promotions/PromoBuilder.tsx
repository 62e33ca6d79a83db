import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cloneElement, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { gameTypes } from '../games/gamesApi';
import { adminPost, adminPut } from '../lib/api';
import { errorText } from '../lib/errorText';
import { promotionsKey } from './keys';
import { PreviewCard } from './PreviewCard';
import { bodyOf, depositKinds, draftOf, emptyDraft, fieldOfServer, percentKinds, targetKinds, validatePromo, type PromoDraft } from './promoForm';
import { FieldProblem, held, serverField, type Problems } from './ui';
import { promoApi, promoKinds, rewardKinds, textLanguages, type AdminPromo, type Money, type PromoBody } from './types';

/** PromoBuilder creates a promotion (promo null) or edits one: trigger,
 * window, conditions, reward, texts per language and image, with a live
 * preview card beside the form. Kind and reward are fixed once the
 * promotion left draft, as the server holds them. Problems show at their
 * fields, the server's too. */
export function PromoBuilder({ promo, money, onCancel, onSaved }: { promo: AdminPromo | null; money: Money | undefined; onCancel: () => void; onSaved: (text: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<PromoDraft>(() => (promo ? draftOf(promo, money) : emptyDraft()));
  const [problems, setProblems] = useState<Problems>({});
  const [lang, setLang] = useState<string>('km');
  const fixed = promo !== null && promo.status !== 'draft';
  const save = useMutation({
    // An update names the status it keeps: the server reads a missing
    // status as draft (status moves go through /status). A new one is a
    // draft.
    mutationFn: (body: PromoBody) => (promo ? adminPut<AdminPromo>(`${promoApi}/${promo.id}`, { ...body, status: promo.status }) : adminPost<AdminPromo>(promoApi, body)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: promotionsKey });
      onSaved(t(promo ? 'promotions.builder.saved' : 'promotions.builder.created'));
    },
    onError: (err) => {
      if (held(err)) {
        onSaved(t('promotions.held'));
        return;
      }
      const f = serverField(err);
      const known = fieldOfServer(f);
      // A field the form does not show is told above the buttons instead.
      if (f && (known in emptyDraft() || known.startsWith('texts.'))) {
        const field = known;
        setProblems({ [field]: 'server' });
        const l = /^texts\.(\w+)\./.exec(field)?.[1];
        if (l) setLang(l);
      }
    },
  });
  const server = save.isError ? errorText(save.error, t) : '';
  const set = <K extends keyof PromoDraft>(k: K, v: PromoDraft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const text = (k: keyof PromoDraft) => (e: { target: { value: string } }) => set(k, e.target.value as never);
  const setText = (field: 'title' | 'summary' | 'body', v: string) => setDraft((d) => ({ ...d, texts: { ...d.texts, [lang]: { ...d.texts[lang], [field]: v } } }));
  const pts = draft.rewardKind === 'points';
  const unit = pts ? t('promotions.builder.unitPoints') : (money?.currency ?? t('promotions.builder.unitMoney'));
  const percentAllowed = percentKinds.includes(draft.kind);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    const p = validatePromo(draft, money);
    setProblems(p);
    const bad = Object.keys(p).find((k) => k.startsWith('texts.') && k !== 'texts.title');
    if (bad) setLang(bad.split('.')[1]);
    if (Object.keys(p).length === 0) save.mutate(bodyOf(draft, money));
  };

  // field is one labelled input with its hint and its problem, both
  // described by the input (the label stays the field's name alone).
  const field = (name: string, label: string, input: ReactElement<Record<string, unknown>>, hint?: string) => {
    const id = `pr-f-${name.replace(/\./g, '-')}`;
    const described = [hint ? `${id}-hint` : '', problems[name] ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="admin-field pr-field">
        <label htmlFor={id}>{label}</label>
        {cloneElement(input, { id, 'aria-describedby': described, 'aria-invalid': problems[name] ? true : undefined })}
        {hint && (
          <span className="muted pr-small" id={`${id}-hint`}>
            {hint}
          </span>
        )}
        <FieldProblem problems={problems} field={name} server={server} id={`${id}-problem`} />
      </div>
    );
  };
  const inputProps = (name: keyof PromoDraft) => ({
    className: 'input',
    value: draft[name] as string,
    onChange: text(name),
  });
  const tx = draft.texts[lang];
  const unplaced = save.isError && !held(save.error) && !Object.values(problems).includes('server');

  return (
    <div className="pr-builder">
      <form className="pr-form pr-builder-form" onSubmit={submit} noValidate aria-label={t(promo ? 'promotions.builder.editTitle' : 'promotions.builder.newTitle')}>
        <h2 className="pr-subhead">{promo ? t('promotions.builder.editTitle') + ` #${promo.id}` : t('promotions.builder.newTitle')}</h2>
        {fixed && <p className="muted pr-small">{t('promotions.builder.fixedNote')}</p>}
        <fieldset className="pr-fieldset">
          <legend>{t('promotions.builder.trigger')}</legend>
          {field(
            'kind',
            t('promotions.list.kind'),
            <select className="input admin-select" value={draft.kind} disabled={fixed} onChange={(e) => set('kind', e.target.value as PromoDraft['kind'])}>
              {promoKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`promotions.kind.${k}`)}
                </option>
              ))}
            </select>,
            t(`promotions.kindHint.${draft.kind}`),
          )}
          <div className="pr-row">
            {field('startsAt', t('promotions.builder.startsAt'), <input type="datetime-local" {...inputProps('startsAt')} />)}
            {field('endsAt', t('promotions.builder.endsAt'), <input type="datetime-local" {...inputProps('endsAt')} />, t('promotions.builder.endsAtHint'))}
          </div>
        </fieldset>

        <fieldset className="pr-fieldset">
          <legend>{t('promotions.builder.conditions')}</legend>
          <div className="pr-row">
            {field('vipMin', t('promotions.builder.vipMin'), <input inputMode="numeric" {...inputProps('vipMin')} />)}
            {field('vipMax', t('promotions.builder.vipMax'), <input inputMode="numeric" {...inputProps('vipMax')} />)}
          </div>
          {depositKinds.includes(draft.kind) && field('minDeposit', t('promotions.builder.minDeposit', { unit: money?.currency ?? t('promotions.builder.unitMoney') }), <input inputMode="decimal" {...inputProps('minDeposit')} />)}
          {targetKinds.includes(draft.kind) && (
            <>
              {field('target', t(`promotions.builder.target.${draft.kind}`, { unit: money?.currency ?? t('promotions.builder.unitMoney') }), <input inputMode="decimal" {...inputProps('target')} />)}
              <fieldset className="pr-fieldset pr-checks">
                <legend>{t('promotions.builder.gameTypes')}</legend>
                <p className="muted pr-small">{t('promotions.builder.gameTypesHint')}</p>
                {gameTypes.map((g) => (
                  <label key={g} className="pr-check">
                    <input
                      type="checkbox"
                      checked={draft.gameTypes.includes(g)}
                      onChange={(e) => set('gameTypes', e.target.checked ? [...draft.gameTypes, g] : draft.gameTypes.filter((x) => x !== g))}
                    />
                    <span>{t(`games.types.${g}`, { defaultValue: g })}</span>
                  </label>
                ))}
              </fieldset>
            </>
          )}
          <div className="pr-row">
            {field('perMemberLimit', t('promotions.builder.perMemberLimit'), <input inputMode="numeric" {...inputProps('perMemberLimit')} />)}
            {field('totalLimit', t('promotions.builder.totalLimit'), <input inputMode="numeric" {...inputProps('totalLimit')} />, t('promotions.builder.zeroNone'))}
            {field('budget', t('promotions.builder.budget', { unit }), <input inputMode="decimal" {...inputProps('budget')} />, t('promotions.builder.zeroNone'))}
          </div>
        </fieldset>

        <fieldset className="pr-fieldset">
          <legend>{t('promotions.builder.reward')}</legend>
          <div className="pr-row">
            {field(
              'rewardKind',
              t('promotions.builder.rewardKind'),
              <select className="input admin-select" value={draft.rewardKind} disabled={fixed} onChange={(e) => set('rewardKind', e.target.value as PromoDraft['rewardKind'])}>
                {rewardKinds.map((k) => (
                  <option key={k} value={k}>
                    {t(`promotions.rewardKind.${k}`)}
                  </option>
                ))}
              </select>,
            )}
            {percentAllowed &&
              field(
                'mode',
                t('promotions.builder.mode'),
                <select className="input admin-select" value={draft.mode} disabled={fixed} onChange={(e) => set('mode', e.target.value as PromoDraft['mode'])}>
                  <option value="fixed">{t('promotions.builder.modeFixed')}</option>
                  <option value="percent">{t('promotions.builder.modePercent')}</option>
                </select>,
              )}
          </div>
          {percentAllowed && draft.mode === 'percent' ? (
            <div className="pr-row">
              {field('percent', t('promotions.builder.percent'), <input inputMode="decimal" disabled={fixed} {...inputProps('percent')} />, t(`promotions.builder.percentOf.${draft.kind}`))}
              {field('cap', t('promotions.builder.cap', { unit }), <input inputMode="decimal" disabled={fixed} {...inputProps('cap')} />, t('promotions.builder.zeroNone'))}
            </div>
          ) : (
            field('amount', t('promotions.builder.amount', { unit }), <input inputMode="decimal" disabled={fixed} {...inputProps('amount')} />, draft.kind === 'application' ? t('promotions.builder.amountApplication') : undefined)
          )}
          {draft.rewardKind === 'bonus' && (
            <div className="pr-row">
              {field('wagering', t('promotions.builder.wagering'), <input inputMode="numeric" disabled={fixed} {...inputProps('wagering')} />, t('promotions.builder.wageringHint'))}
              {field('expiryDays', t('promotions.builder.expiryDays'), <input inputMode="numeric" disabled={fixed} {...inputProps('expiryDays')} />)}
            </div>
          )}
        </fieldset>

        <fieldset className="pr-fieldset">
          <legend>{t('promotions.builder.texts')}</legend>
          <FieldProblem problems={problems} field="texts.title" server={server} />
          <div className="pr-tabs" role="tablist" aria-label={t('promotions.builder.texts')}>
            {textLanguages.map((l) => (
              <button
                key={l}
                type="button"
                role="tab"
                aria-selected={l === lang}
                className={l === lang ? 'pr-tab pr-tab-on' : 'pr-tab'}
                onClick={() => setLang(l)}
              >
                {t(`promotions.language.${l}`)}
                {Object.keys(problems).some((k) => k.startsWith(`texts.${l}.`)) && <span className="admin-error"> !</span>}
              </button>
            ))}
          </div>
          {field(`texts.${lang}.title`, t('promotions.builder.title'), <input className="input" value={tx.title} onChange={(e) => setText('title', e.target.value)} maxLength={200} />)}
          {field(`texts.${lang}.summary`, t('promotions.builder.summary'), <input className="input" value={tx.summary} onChange={(e) => setText('summary', e.target.value)} maxLength={600} />)}
          {field(`texts.${lang}.body`, t('promotions.builder.body'), <textarea className="input pr-textarea" rows={6} value={tx.body} onChange={(e) => setText('body', e.target.value)} />, t('promotions.builder.bodyHint'))}
          {field('imageUrl', t('promotions.builder.imageUrl'), <input inputMode="url" {...inputProps('imageUrl')} />)}
        </fieldset>

        {unplaced && (
          <p className="admin-error" role="alert">
            {server}
          </p>
        )}
        <div className="admin-filter-actions">
          <button type="submit" className="button button-small button-primary" disabled={save.isPending}>
            {t(promo ? 'promotions.builder.save' : 'promotions.builder.create')}
          </button>
          <button type="button" className="button button-small" onClick={onCancel} disabled={save.isPending}>
            {t('promotions.cancel')}
          </button>
        </div>
      </form>
      <PreviewCard draft={draft} lang={lang} money={money} />
    </div>
  );
}
