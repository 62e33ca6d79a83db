import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApiError, adminPost, adminPut } from '../lib/api';
import { errorText } from '../lib/errorText';
import { bodyOf, draftOf, emptyDraft, validateChannel, type ChannelDraft, type Problems } from './channelForm';
import { channelKinds, gateways, type AdminChannel, type ChannelBody } from './types';
import { channelsKey } from './useChannels';

/** serverField is the field a 422 answer names ({field}), if the form has
 * it. */
function serverField(err: unknown): keyof ChannelDraft | '' {
  if (!(err instanceof AdminApiError)) return '';
  if (err.code === 'cashier.channel_exists') return 'code';
  const v = err.value as { field?: unknown } | null;
  let f = v && typeof v.field === 'string' ? v.field.replace(/^bank\./, '') : '';
  // The bank details as a whole: their first field carries the mark.
  if (f === 'bank') f = 'bankName';
  return f && f in emptyDraft ? (f as keyof ChannelDraft) : '';
}

/** ChannelForm creates a channel (channel null) or edits one; the code
 * is fixed once made. A sim channel's webhook secret is made by the
 * server and never shown. Problems are shown at their fields, the
 * server's too. */
export function ChannelForm({ channel, onCancel, onSaved }: { channel: AdminChannel | null; onCancel: () => void; onSaved: (text: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const creating = channel === null;
  const [draft, setDraft] = useState<ChannelDraft>(channel ? draftOf(channel) : emptyDraft);
  const [problems, setProblems] = useState<Problems>({});
  const save = useMutation({
    mutationFn: (body: ChannelBody) => (creating ? adminPost<AdminChannel>('/admin/api/cashier/channels', body) : adminPut<AdminChannel>(`/admin/api/cashier/channels/${channel.id}`, body)),
    onSuccess: (c) => {
      void client.invalidateQueries({ queryKey: channelsKey });
      onSaved(t(creating ? 'cashier.channels.created' : 'cashier.channels.saved', { name: c?.name ?? draft.name }));
    },
    onError: (err) => {
      if (err instanceof AdminApiError && err.status === 202) {
        onSaved(t('cashier.channels.held'));
        return;
      }
      const f = serverField(err);
      if (f) setProblems({ [f]: 'server' });
    },
  });

  const set = <K extends keyof ChannelDraft>(k: K, v: ChannelDraft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const text = (k: keyof ChannelDraft) => (e: { target: { value: string } }) => set(k, e.target.value as never);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    const p = validateChannel(draft, creating);
    setProblems(p);
    if (Object.keys(p).length === 0) save.mutate(bodyOf(draft));
  };

  const serverText = save.isError && !(save.error instanceof AdminApiError && save.error.status === 202) ? errorText(save.error, t) : '';
  const problemText = (key: keyof Problems) => {
    const p = problems[key];
    if (!p) return '';
    return p === 'server' ? serverText : t(`cashier.channels.problem.${p}`);
  };
  const field = (key: keyof ChannelDraft, label: string, input: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode, wide = false) => {
    const id = `channel-${key}`;
    const p = problemText(key);
    return (
      <div className={wide ? 'admin-field admin-field-wide' : 'admin-field'}>
        <label htmlFor={id}>{label}</label>
        {input({ id, ...(p ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-problem` } : {}) })}
        {p && (
          <span id={`${id}-problem`} className="admin-error csh-field-problem">
            {p}
          </span>
        )}
      </div>
    );
  };
  const textInput = (key: keyof ChannelDraft, label: string, extra: Record<string, unknown> = {}) =>
    field(key, label, (props) => <input className="input" value={draft[key] as string} onChange={text(key)} autoComplete="off" {...props} {...extra} />);

  const title = creating ? t('cashier.channels.newTitle') : t('cashier.channels.editTitle', { name: channel.name });
  return (
    <form className="admin-form csh-channel-form" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <div className="admin-filters">
        {creating ? textInput('code', t('cashier.channels.code'), { maxLength: 32, spellCheck: false }) : field('code', t('cashier.channels.code'), (props) => <input className="input" value={draft.code} readOnly {...props} />)}
        {textInput('name', t('cashier.channels.name'), { maxLength: 64 })}
        {field('kind', t('cashier.channels.kind'), (props) => (
          <select className="input admin-select" value={draft.kind} onChange={text('kind')} {...props}>
            {channelKinds.map((k) => (
              <option key={k} value={k}>
                {t(`cashier.kind.${k}`)}
              </option>
            ))}
          </select>
        ))}
        {field('gateway', t('cashier.channels.gateway'), (props) => (
          <select className="input admin-select" value={draft.gateway} onChange={text('gateway')} {...props}>
            {gateways.map((g) => (
              <option key={g} value={g}>
                {t(`cashier.gateway.${g}`)}
              </option>
            ))}
          </select>
        ))}
        {textInput('currency', t('cashier.channels.currency'), { maxLength: 3, spellCheck: false })}
        {textInput('min', t('cashier.channels.min'), { inputMode: 'decimal' })}
        {textInput('max', t('cashier.channels.max'), { inputMode: 'decimal' })}
        {textInput('feeBps', t('cashier.channels.feeBps'), { inputMode: 'numeric' })}
        {textInput('feeFixed', t('cashier.channels.feeFixed'), { inputMode: 'decimal' })}
        {textInput('dailyCount', t('cashier.channels.dailyCount'), { inputMode: 'numeric' })}
        {textInput('dailyAmount', t('cashier.channels.dailyAmount'), { inputMode: 'decimal' })}
        {textInput('displayOrder', t('cashier.channels.displayOrder'), { inputMode: 'numeric' })}
        {textInput('vipLevels', t('cashier.channels.vipLevelsInput'), { placeholder: t('cashier.channels.allLevels') })}
        <label className="admin-inline">
          <input type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
          <span>{t('cashier.channels.enabled')}</span>
        </label>
      </div>
      <p className="muted csh-small">{t('cashier.channels.limitHint')}</p>
      {draft.gateway === 'sim' && <p className="muted csh-small">{t(channel?.hasSecret ? 'cashier.channels.secretKept' : 'cashier.channels.secretMade')}</p>}
      {draft.gateway === 'manual' && (
        <fieldset className="csh-fieldset">
          <legend>{t('cashier.channels.bank')}</legend>
          <div className="admin-filters">
            {textInput('bankName', t('cashier.channels.bankName'), { maxLength: 64 })}
            {textInput('accountName', t('cashier.channels.accountName'), { maxLength: 64 })}
            {textInput('accountNumber', t('cashier.channels.accountNumber'), { maxLength: 64 })}
          </div>
        </fieldset>
      )}
      <fieldset className="csh-fieldset">
        <legend>{t('cashier.channels.instructions')}</legend>
        {draft.instructions.map((row, i) => {
          const p = problems[`instructions.${i}`];
          return (
            <div key={i} className="csh-instruction">
              <label className="admin-field">
                <span>{t('cashier.channels.language')}</span>
                <input
                  className="input csh-lang"
                  value={row.lang}
                  maxLength={5}
                  spellCheck={false}
                  autoCapitalize="characters"
                  aria-invalid={p ? true : undefined}
                  onChange={(e) => set('instructions', draft.instructions.map((r, j) => (j === i ? { ...r, lang: e.target.value } : r)))}
                />
              </label>
              <label className="admin-field admin-field-wide">
                <span>{t('cashier.channels.instructionText', { lang: row.lang || '?' })}</span>
                <textarea
                  className="input"
                  rows={2}
                  maxLength={2000}
                  value={row.text}
                  onChange={(e) => set('instructions', draft.instructions.map((r, j) => (j === i ? { ...r, text: e.target.value } : r)))}
                />
              </label>
              <button
                type="button"
                className="button button-small"
                aria-label={t('cashier.channels.removeLanguage', { lang: row.lang || '?' })}
                onClick={() => set('instructions', draft.instructions.filter((_, j) => j !== i))}
              >
                {t('cashier.channels.remove')}
              </button>
              {p && <span className="admin-error csh-field-problem">{t(`cashier.channels.problem.${p}`)}</span>}
            </div>
          );
        })}
        <button type="button" className="button button-small" onClick={() => set('instructions', [...draft.instructions, { lang: '', text: '' }])}>
          {t('cashier.channels.addLanguage')}
        </button>
      </fieldset>
      {serverText && (
        <p className="admin-error" role="alert">
          {serverText}
        </p>
      )}
      {Object.keys(problems).length > 0 && !serverText && (
        <p className="admin-error" role="alert">
          {t('cashier.channels.fix')}
        </p>
      )}
      <div className="admin-filter-actions">
        <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
          {t(creating ? 'cashier.channels.create' : 'cashier.channels.save')}
        </button>
        <button type="button" className="button button-small" onClick={onCancel} disabled={save.isPending}>
          {t('cashier.cancel')}
        </button>
      </div>
    </form>
  );
}
