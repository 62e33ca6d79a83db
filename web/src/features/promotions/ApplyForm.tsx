import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkProof } from '../member/cashier/proof';
import { useApply } from './api';
import { loyaltyErrorText } from './errors';

// The contract's limits on an application (G-005..G-008).
export const COMMENT_MAX = 140;
export const MAX_IMAGES = 3;

export type ApplyProblem = '' | 'comment' | 'tooMany' | 'type' | 'size';

// checkApplication says why an application cannot be sent yet; the images
// are checked by the browser's type and the size before any upload (the
// server sniffs the content again).
export function checkApplication(comment: string, images: { type: string; size: number }[]): ApplyProblem {
  if ([...comment].length > COMMENT_MAX) return 'comment';
  if (images.length > MAX_IMAGES) return 'tooMany';
  for (const f of images) {
    const p = checkProof(f);
    if (p) return p;
  }
  return '';
}

// ApplyForm sends an application: a comment with a live counter and up to
// three png or jpg images of at most 5 MB each, previewed and removable.
// onDone runs once the application is in; the page says so.
export function ApplyForm({ promotionId, onDone }: { promotionId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const apply = useApply();
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [picked, setPicked] = useState<'' | 'type' | 'size' | 'tooMany'>('');
  const length = [...comment].length;
  const problem = checkApplication(comment, images);

  function pick(files: File[]) {
    setPicked('');
    const room = MAX_IMAGES - images.length;
    const ok: File[] = [];
    for (const f of files) {
      const p = checkProof(f);
      if (p) {
        setPicked(p);
        continue;
      }
      if (ok.length >= room) {
        setPicked('tooMany');
        break;
      }
      ok.push(f);
    }
    if (ok.length) setImages([...images, ...ok]);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (problem || apply.isPending) return;
    try {
      await apply.mutateAsync({ id: promotionId, comment, images });
      onDone();
    } catch {
      // Shown from apply.error below.
    }
  }

  return (
    <form className="form promo-apply" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('promo.apply.title')}</h3>
      <div className="field">
        <label htmlFor={`${id}-comment`}>{t('promo.apply.comment')}</label>
        <textarea id={`${id}-comment`} className="input" dir="auto" value={comment} aria-invalid={problem === 'comment' || undefined} aria-describedby={`${id}-counter`} onChange={(e) => setComment(e.target.value)} />
        <p id={`${id}-counter`} className="promo-counter muted" data-over={length > COMMENT_MAX || undefined} aria-live="polite">
          {t('promo.apply.counter', { n: length, max: COMMENT_MAX })}
        </p>
        {problem === 'comment' && (
          <p className="field-error" role="alert">
            {t('promo.apply.tooLong', { max: COMMENT_MAX })}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-images`}>{t('promo.apply.images', { max: MAX_IMAGES })}</label>
        {images.length < MAX_IMAGES && (
          <input
            id={`${id}-images`}
            className="input"
            type="file"
            accept="image/png,image/jpeg"
            multiple
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              pick(files);
            }}
          />
        )}
        {picked && (
          <p className="field-error" role="alert">
            {t(`promo.apply.problem.${picked}`, { max: MAX_IMAGES })}
          </p>
        )}
        {images.length > 0 && (
          <ul className="promo-previews">
            {images.map((f, n) => (
              <li key={`${n}-${f.name}`}>
                <Preview file={f} alt={t('promo.apply.imageN', { n: n + 1 })} />
                <button type="button" className="link-button" onClick={() => setImages(images.filter((_, i) => i !== n))}>
                  {t('promo.apply.remove', { n: n + 1 })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {apply.isError && (
        <p className="form-error" role="alert">
          {loyaltyErrorText(t, apply.error)}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={!!problem || apply.isPending}>
        {t('promo.apply.submit')}
      </button>
    </form>
  );
}

// Preview shows a chosen image from an object URL, released when it goes.
function Preview({ file, alt }: { file: File; alt: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setSrc(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return src ? <img src={src} alt={alt} /> : <span className="muted">{file.name}</span>;
}
