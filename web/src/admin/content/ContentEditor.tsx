import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/SafeHtml';
import { AdminApiError } from '../lib/api';
import { errorText } from '../lib/errorText';
import {
  previewContent,
  uploadImage,
  useContentDelete,
  useContentItem,
  useContentOptions,
  useContentSave,
  type ContentChange,
  type ContentItem,
  type ContentOptions,
  type Kind,
  type Preview,
} from './contentApi';
import { fromLocalInput, toLocalInput } from './contentText';

// The editor is a large library: it loads when an announcement or a help
// article is first opened, never with the back office's first screen.
const RichTextEditor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

// defaults are a new item's type and audience, per kind: public
// announcements and notices are for visitors (B) unless the operator says.
const defaults: Record<Kind, { type: string; execution: string }> = {
  banner: { type: 'web-home', execution: '' },
  notice: { type: 'PL', execution: 'B' },
  announcement: { type: 'PU', execution: 'B' },
  help: { type: 'faq', execution: '' },
};

type Draft = ContentChange & { starts: string; ends: string };

function draftOf(kind: Kind, item: ContentItem | undefined): Draft {
  if (!item) {
    return { ...defaults[kind], platform: 'W', linkageType: 'NONE', linkage: '', image: '', texts: {}, startsAt: null, endsAt: null, starts: '', ends: '' };
  }
  return {
    type: item.type,
    execution: item.execution,
    platform: item.platform,
    linkageType: item.linkageType,
    linkage: item.linkage,
    image: item.image,
    texts: { ...item.texts },
    startsAt: item.startsAt,
    endsAt: item.endsAt,
    starts: toLocalInput(item.startsAt),
    ends: toLocalInput(item.endsAt),
  };
}

// changeOf is what is sent: languages without a title or a body are left
// out, so an untouched language tab is not a half-written text.
function changeOf(kind: Kind, d: Draft): ContentChange {
  const texts: ContentChange['texts'] = {};
  for (const [lang, x] of Object.entries(d.texts)) {
    if (x.title.trim() || x.content.trim()) texts[lang] = kind === 'banner' ? { title: x.title, content: '' } : x;
  }
  const withAudience = kind === 'notice' || kind === 'announcement';
  return {
    type: d.type,
    execution: withAudience ? d.execution : '',
    platform: d.platform,
    linkageType: kind === 'banner' ? d.linkageType : 'NONE',
    linkage: kind === 'banner' && d.linkageType !== 'NONE' ? d.linkage : '',
    image: kind === 'banner' ? d.image : '',
    texts,
    startsAt: fromLocalInput(d.starts),
    endsAt: fromLocalInput(d.ends),
  };
}

// justSaved: the item was created a moment ago by the editor this one
// replaces (a new item reopens under its id), so the confirmation stays.
type Props = { kind: Kind; id: number | null; onClose: () => void; onSaved: (id: number) => void; justSaved?: boolean };

/** ContentEditor creates or changes one item: its type, audience,
 * schedule, link and image, and a title and body per language, with a
 * preview of what a player reading a language is shown. */
export function ContentEditor({ kind, id, onClose, onSaved, justSaved = false }: Props) {
  const { t } = useTranslation();
  const options = useContentOptions();
  const item = useContentItem(id);
  if (options.isError || item.isError) {
    return (
      <div className="admin-panel">
        <p className="admin-error" role="alert">
          {errorText(options.error ?? item.error, t)}
        </p>
        <div>
          <button type="button" className="button button-small" onClick={onClose}>
            {t('content.close')}
          </button>
        </div>
      </div>
    );
  }
  if (!options.data || (id !== null && !item.data)) return <p className="muted">{t('common.loading')}</p>;
  return <EditorForm kind={kind} item={item.data} options={options.data} onClose={onClose} onSaved={onSaved} justSaved={justSaved} />;
}

type FormProps = { kind: Kind; item: ContentItem | undefined; options: ContentOptions; onClose: () => void; onSaved: (id: number) => void; justSaved: boolean };

function EditorForm({ kind, item, options, onClose, onSaved, justSaved }: FormProps) {
  const { t } = useTranslation();
  const uid = useId();
  const [d, setD] = useState<Draft>(() => draftOf(kind, item));
  const languages = options.languages.length ? options.languages : ['EN'];
  const [lang, setLang] = useState(() => (item && !item.texts[options.defaultLanguage] ? Object.keys(item.texts)[0] : options.defaultLanguage) || languages[0]);
  const [notice, setNotice] = useState(justSaved ? t('content.saved') : '');
  // version remounts the rich-text editor on the server's (sanitized) text
  // after a save, so what is edited next is what was stored.
  const [version, setVersion] = useState(0);
  const [uploadError, setUploadError] = useState('');
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState(item?.imageUrl ?? '');
  const save = useContentSave();
  const del = useContentDelete();
  const headRef = useRef<HTMLHeadingElement>(null);
  const withAudience = kind === 'notice' || kind === 'announcement';
  const rich = kind !== 'banner';
  const text = d.texts[lang] ?? { title: '', content: '' };

  useEffect(() => headRef.current?.focus(), []);

  const setText = (field: 'title' | 'content', value: string) => setD((p) => ({ ...p, texts: { ...p.texts, [lang]: { ...(p.texts[lang] ?? { title: '', content: '' }), [field]: value } } }));
  const field = <K extends keyof Draft>(k: K) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setD((p) => ({ ...p, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice('');
    save.mutate(
      { id: item?.id ?? null, kind, change: changeOf(kind, d) },
      {
        onSuccess: (saved) => {
          setD(draftOf(kind, saved));
          setVersion((v) => v + 1);
          setNotice(t('content.saved'));
          if (!item) onSaved(saved.id);
        },
      },
    );
  };
  const remove = () => {
    if (!item || !window.confirm(t('content.confirmDelete'))) return;
    del.mutate(item.id, { onSuccess: onClose });
  };
  const removeLanguage = () => {
    setD((p) => {
      const texts = { ...p.texts };
      delete texts[lang];
      return { ...p, texts };
    });
    setVersion((v) => v + 1);
  };
  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploadError('');
    if (file.size > options.imageMaxBytes) {
      setUploadError(t('content.image.tooLarge'));
      return;
    }
    setUploading(true);
    try {
      const img = await uploadImage(file);
      setD((p) => ({ ...p, image: img.file }));
      setUploaded(img.url);
    } catch (err) {
      setUploadError(errorText(err, t));
    } finally {
      setUploading(false);
    }
  };

  const failed = save.error ?? del.error;
  const failedField = failed instanceof AdminApiError ? (failed.value as { field?: string } | null)?.field : undefined;
  const titleId = `${uid}-title`;
  const bodyLabel = `${uid}-body`;

  return (
    <form className="admin-panel content-editor" onSubmit={submit} aria-labelledby={`${uid}-head`} noValidate>
      <div className="content-head">
        <h2 id={`${uid}-head`} tabIndex={-1} ref={headRef}>
          {item ? t('content.editTitle', { slug: item.slug }) : t(`content.new.${kind}`)}
        </h2>
        <button type="button" className="button button-small" onClick={onClose}>
          {t('content.close')}
        </button>
      </div>
      <div className="content-grid">
        <label className="admin-field">
          <span>{t(`content.typeLabel.${kind}`)}</span>
          <select className="input" value={d.type} onChange={field('type')}>
            {(options.types[kind] ?? []).map((ty) => (
              <option key={ty} value={ty}>
                {t(`content.types.${ty}`, { defaultValue: ty })}
              </option>
            ))}
          </select>
        </label>
        {withAudience && (
          <label className="admin-field">
            <span>{t('content.fields.execution')}</span>
            <select className="input" value={d.execution} onChange={field('execution')}>
              {options.executions.map((x) => (
                <option key={x} value={x}>
                  {t(`content.executions.${x}`, { defaultValue: x })}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="admin-field">
          <span>{t('content.fields.platform')}</span>
          <select className="input" value={d.platform} onChange={field('platform')}>
            {options.platforms.map((x) => (
              <option key={x} value={x}>
                {t(`content.platforms.${x}`, { defaultValue: x })}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>{t('content.fields.startsAt')}</span>
          <input className="input" type="datetime-local" value={d.starts} onChange={field('starts')} aria-describedby={`${uid}-schedule`} />
        </label>
        <label className="admin-field">
          <span>{t('content.fields.endsAt')}</span>
          <input className="input" type="datetime-local" value={d.ends} onChange={field('ends')} aria-describedby={`${uid}-schedule`} />
        </label>
        <p id={`${uid}-schedule`} className="muted content-hint">
          {t('content.scheduleHint')}
        </p>
        {kind === 'banner' && (
          <>
            <label className="admin-field">
              <span>{t('content.fields.linkageType')}</span>
              <select className="input" value={d.linkageType} onChange={field('linkageType')}>
                {options.linkageTypes.map((x) => (
                  <option key={x} value={x}>
                    {t(`content.linkageTypes.${x}`, { defaultValue: x })}
                  </option>
                ))}
              </select>
            </label>
            {d.linkageType !== 'NONE' && (
              <label className="admin-field admin-field-wide">
                <span>{t('content.fields.linkage')}</span>
                <input className="input" value={d.linkage} maxLength={500} onChange={field('linkage')} placeholder={d.linkageType === 'URL' ? 'https://' : '/promotions'} />
              </label>
            )}
          </>
        )}
      </div>
      {kind === 'banner' && (
        <fieldset className="content-image">
          <legend>{t('content.fields.image')}</legend>
          {d.image && uploaded ? (
            <img src={uploaded} alt={t('content.image.alt')} className="content-image-preview" />
          ) : (
            <p className="muted">{t('content.image.generated')}</p>
          )}
          <label className="admin-field">
            <span>{t('content.image.choose')}</span>
            <input type="file" accept="image/png,image/jpeg" onChange={upload} disabled={uploading} aria-describedby={`${uid}-image-hint`} />
          </label>
          <p id={`${uid}-image-hint`} className="muted content-hint">
            {t('content.image.hint', { side: options.imageMaxSide })}
          </p>
          {d.image && (
            <div>
              <button type="button" className="button button-small" onClick={() => setD((p) => ({ ...p, image: '' }))}>
                {t('content.image.remove')}
              </button>
            </div>
          )}
          {uploading && <p className="muted">{t('content.image.uploading')}</p>}
          {uploadError && (
            <p className="admin-error" role="alert">
              {uploadError}
            </p>
          )}
        </fieldset>
      )}
      <div className="content-langs" role="tablist" aria-label={t('content.fields.languages')}>
        {languages.map((l) => (
          <button key={l} type="button" role="tab" aria-selected={lang === l} aria-controls={`${uid}-text`} onClick={() => setLang(l)}>
            {l}
            {d.texts[l]?.title ? <span aria-label={t('content.written')}> ●</span> : null}
          </button>
        ))}
      </div>
      <div id={`${uid}-text`} role="tabpanel" className="content-text">
        <label className="admin-field">
          <span id={titleId}>{t('content.fields.titleIn', { lang })}</span>
          <input className="input" value={text.title} maxLength={200} onChange={(e) => setText('title', e.target.value)} aria-invalid={failedField === `texts.${lang}.title` || undefined} />
        </label>
        {rich && (
          <div className="admin-field">
            <span id={bodyLabel}>{t('content.fields.contentIn', { lang })}</span>
            <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
              <RichTextEditor key={`${lang}-${version}`} labelId={bodyLabel} value={text.content} onChange={(html) => setText('content', html)} />
            </Suspense>
          </div>
        )}
        {d.texts[lang] && (
          <div>
            <button type="button" className="button button-small" onClick={removeLanguage}>
              {t('content.removeLanguage', { lang })}
            </button>
          </div>
        )}
      </div>
      {failed && (
        <p className="admin-error" role="alert">
          {errorText(failed, t)}
          {failedField ? ` (${failedField})` : ''}
        </p>
      )}
      {notice && (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      )}
      <div className="admin-filter-actions">
        <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
          {t('content.save')}
        </button>
        {item && (
          <button type="button" className="button button-small admin-danger" onClick={remove} disabled={del.isPending}>
            {t('content.delete')}
          </button>
        )}
      </div>
      <PreviewPanel kind={kind} id={item?.id ?? 0} languages={languages} initial={lang} change={() => changeOf(kind, d)} />
    </form>
  );
}

// PreviewPanel asks the server how the draft reads in a language and shows
// its answer: the text the server chose (with the same fallback as the
// public calls) and its sanitized HTML, sanitized once more here.
function PreviewPanel({ kind, id, languages, initial, change }: { kind: Kind; id: number; languages: string[]; initial: string; change: () => ContentChange }) {
  const { t } = useTranslation();
  const uid = useId();
  const [lang, setLang] = useState(initial);
  const [shown, setShown] = useState<Preview | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      setShown(await previewContent({ kind, language: lang, id, ...change() }));
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="content-preview" aria-labelledby={`${uid}-h`}>
      <h3 id={`${uid}-h`}>{t('content.preview.title')}</h3>
      <div className="admin-filters">
        <label className="admin-field">
          <span>{t('content.preview.language')}</span>
          <select className="input admin-select" value={lang} onChange={(e) => setLang(e.target.value)}>
            {languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <div className="admin-filter-actions">
          <button type="button" className="button button-small" onClick={run} disabled={busy}>
            {t('content.preview.show')}
          </button>
        </div>
      </div>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {shown && (
        <div className="content-preview-box" data-testid="content-preview">
          {shown.language !== lang && <p className="muted">{t('content.preview.fallback', { lang: shown.language })}</p>}
          {shown.imageUrl && <img src={shown.imageUrl} alt="" className="content-image-preview" />}
          <h4>{shown.title || t('content.preview.noTitle')}</h4>
          {shown.content && <SafeHtml html={shown.content} className="content-preview-body" />}
        </div>
      )}
    </section>
  );
}
