import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalid, PartPanel } from './PartPanel';
import type { Language, Maintenance, TitleInfo } from './types';
import { useDraft } from './useDraft';
import { useSavePart } from './useSettings';

type Body = { on: boolean; window: { start: string; end: string } | null; texts: Record<string, TitleInfo> };

const pad = (n: number) => String(n).padStart(2, '0');

/** toLocalInput is an instant as a datetime-local input shows it. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** fromLocalInput is a datetime-local value (the operator's time zone) as
 * an instant, or '' when incomplete. */
export function fromLocalInput(v: string): string {
  const d = new Date(v);
  return v && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}

/** MaintenancePanel puts the site in maintenance now, or schedules a
 * window that opens and closes by itself, with the page's title and text
 * per language (one language edited at a time). */
export function MaintenancePanel({ maintenance, languages, defaultLanguage }: { maintenance: Maintenance; languages: Language[]; defaultLanguage: string }) {
  const { t } = useTranslation();
  const save = useSavePart<Body>('maintenance');
  const [draft, setDraft, dirty] = useDraft(maintenance, (m) => ({
    on: m.on,
    scheduled: !!m.window,
    start: m.window ? toLocalInput(m.window.start) : '',
    end: m.window ? toLocalInput(m.window.end) : '',
    texts: m.texts,
  }));
  const [lang, setLang] = useState(defaultLanguage);
  const text = draft.texts[lang] ?? { title: '', info: '' };
  const setText = (patch: Partial<TitleInfo>) => setDraft({ ...draft, texts: { ...draft.texts, [lang]: { ...text, ...patch } } });
  const onSave = () => {
    // A language whose title and text are both empty has no text.
    const texts: Record<string, TitleInfo> = {};
    for (const [k, v] of Object.entries(draft.texts)) if (v.title.trim() || v.info.trim()) texts[k] = v;
    const window = draft.scheduled ? { start: fromLocalInput(draft.start), end: fromLocalInput(draft.end) } : null;
    save.mutate({ on: draft.on, window, texts });
  };
  const state = maintenance.active ? t('settings.maintenance.activeNow') : t('settings.maintenance.inactiveNow');
  return (
    <PartPanel id="maintenance" title={t('sections.settings.parts.maintenance')} hint={t('settings.maintenance.hint')} saving={save} onSave={onSave} dirty={dirty}>
      <p>
        <span className={maintenance.active ? 'admin-badge admin-badge-off' : 'admin-badge admin-badge-on'} role="status">
          {state}
        </span>
      </p>
      <label className="admin-inline">
        <input type="checkbox" role="switch" aria-checked={draft.on} checked={draft.on} onChange={(e) => setDraft({ ...draft, on: e.target.checked })} />
        <span>{t('settings.maintenance.on')}</span>
      </label>
      <label className="admin-inline">
        <input type="checkbox" checked={draft.scheduled} onChange={(e) => setDraft({ ...draft, scheduled: e.target.checked })} />
        <span>{t('settings.maintenance.scheduled')}</span>
      </label>
      {draft.scheduled && (
        <div className="admin-filters">
          <label className="admin-field">
            <span>{t('settings.maintenance.start')}</span>
            <input className="input" type="datetime-local" value={draft.start} aria-invalid={invalid(save, 'window.start') || undefined}
              onChange={(e) => setDraft({ ...draft, start: e.target.value })} />
          </label>
          <label className="admin-field">
            <span>{t('settings.maintenance.end')}</span>
            <input className="input" type="datetime-local" value={draft.end} aria-invalid={invalid(save, 'window.end') || undefined}
              onChange={(e) => setDraft({ ...draft, end: e.target.value })} />
          </label>
          <p className="muted">{t('settings.maintenance.localTime')}</p>
        </div>
      )}
      <div className="admin-filters">
        <label className="admin-field">
          <span>{t('settings.maintenance.language')}</span>
          <select className="input admin-select" value={lang} onChange={(e) => setLang(e.target.value)}>
            {languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code}){draft.texts[l.code]?.title ? ' ✓' : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field admin-field-wide">
          <span>{t('settings.maintenance.title')}</span>
          <input className="input" value={text.title} maxLength={100} lang={lang.toLowerCase()} aria-invalid={invalid(save, `texts.${lang}.title`) || undefined}
            onChange={(e) => setText({ title: e.target.value })} />
        </label>
      </div>
      <label className="admin-field">
        <span>{t('settings.maintenance.info')}</span>
        <textarea className="input" rows={3} value={text.info} maxLength={2000} lang={lang.toLowerCase()} aria-invalid={invalid(save, `texts.${lang}.info`) || undefined}
          onChange={(e) => setText({ info: e.target.value })} />
      </label>
    </PartPanel>
  );
}
