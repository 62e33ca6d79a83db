import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMajor } from './amount';
import { clockTime } from './clock';
import { useCashierMoney } from './format';
import { checkProof, readDataURL, type ProofProblem } from './proof';
import { receiptResults, useConfirmReceipt, type ReceiptResult, type Withdrawal } from './withdrawApi';
import { withdrawErrorText } from './withdrawErrors';

/** MAX_PROOFS and NOTE_MAX are the contract's limits on a receipt. */
export const MAX_PROOFS = 3;
export const NOTE_MAX = 200;

/** ReceiptProblems are why a receipt is not sent yet, each a catalogue key
 * below cashier.receipt.problem (proof: one below cashier.submit.proofProblem). */
type ReceiptProblems = { result?: boolean; remaining?: boolean; proofs?: 'required' | 'tooMany' | ProofProblem; note?: boolean };

/** checkReceipt judges the form before anything is sent (the server judges
 * again): a choice; partly received needs the missing amount, above 0 and
 * below the whole; not received needs at least one proof; at most three
 * images and 200 characters of note. */
export function checkReceipt(f: { result: ReceiptResult | ''; remaining: string; files: File[]; note: string }, w: Pick<Withdrawal, 'amount' | 'decimals'>): { problems: ReceiptProblems; remaining: number | null } {
  const problems: ReceiptProblems = {};
  let remaining: number | null = null;
  if (!f.result) problems.result = true;
  if (f.result === 'partial') {
    remaining = parseMajor(f.remaining, w.decimals);
    if (remaining === null || remaining <= 0 || remaining >= w.amount) problems.remaining = true;
  }
  if (f.result === 'not_received' && f.files.length === 0) problems.proofs = 'required';
  if (f.result !== 'received') {
    if (f.files.length > MAX_PROOFS) problems.proofs = 'tooMany';
    const bad = f.files.map(checkProof).find((p) => p);
    if (bad) problems.proofs = bad;
  }
  if ([...f.note].length > NOTE_MAX) problems.note = true;
  return { problems, remaining };
}

/** ReceiptForm asks a member whose withdrawal was paid whether the money
 * arrived: received, partly (how much is missing), or not (with proof).
 * Not answering by the deadline counts as received. */
export function ReceiptForm({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const confirm = useConfirmReceipt();
  const [result, setResult] = useState<ReceiptResult | ''>('');
  const [remaining, setRemaining] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState('');
  const [shown, setShown] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  const { problems, remaining: remainingMinor } = checkReceipt({ result, remaining, files, note }, w);
  const ok = Object.keys(problems).length === 0;
  const id = `receipt-${w.id}`;

  async function send(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (!ok || !result || confirm.isPending) return;
    let proofs: string[] = [];
    if (result !== 'received') {
      try {
        proofs = await Promise.all(files.map(readDataURL));
      } catch {
        setUnreadable(true);
        return;
      }
    }
    confirm.mutate({
      id: w.id,
      result,
      ...(result === 'partial' && remainingMinor !== null ? { remaining: remainingMinor } : {}),
      ...(proofs.length ? { proofs } : {}),
      ...(note.trim() && result !== 'received' ? { note: note.trim() } : {}),
    });
  }

  const show = (p: unknown) => shown && !!p;
  return (
    <form className="form withdraw-receipt" onSubmit={(e) => void send(e)} noValidate aria-labelledby={`${id}-title`} data-testid="receipt-form">
      <h5 id={`${id}-title`}>{t('cashier.receipt.title')}</h5>
      {w.receiptDueAt && (
        <p className="muted" data-testid="receipt-due">
          {t('cashier.receipt.due', { time: clockTime(w.receiptDueAt) })}
        </p>
      )}
      <fieldset className="withdraw-receipt-choices" aria-invalid={show(problems.result) || undefined}>
        <legend className="visually-hidden">{t('cashier.receipt.title')}</legend>
        {receiptResults.map((r) => (
          <label key={r} className="withdraw-choice" data-selected={r === result || undefined}>
            <input type="radio" name={`${id}-result`} value={r} checked={r === result} onChange={() => setResult(r)} />
            <span>{t(`cashier.receipt.choice.${r}`)}</span>
          </label>
        ))}
      </fieldset>
      {show(problems.result) && (
        <p className="field-error" role="alert">
          {t('cashier.receipt.problem.result')}
        </p>
      )}
      {result === 'partial' && (
        <div className="field">
          <label htmlFor={`${id}-remaining`}>{t('cashier.receipt.remaining', { currency: w.currency })}</label>
          <input id={`${id}-remaining`} className="input" inputMode="decimal" autoComplete="off" dir="ltr" value={remaining} onChange={(e) => setRemaining(e.target.value)} aria-invalid={show(problems.remaining) || undefined} />
          {show(problems.remaining) && (
            <p className="field-error" role="alert">
              {t('cashier.receipt.problem.remaining', { amount: money(w.amount, w.decimals, w.currency) })}
            </p>
          )}
        </div>
      )}
      {(result === 'partial' || result === 'not_received') && (
        <>
          <ProofPicker id={`${id}-proofs`} files={files} onChange={(f) => { setFiles(f); setUnreadable(false); }} required={result === 'not_received'} />
          {(show(problems.proofs) || (problems.proofs && problems.proofs !== 'required') || unreadable) && (
            <p className="field-error" role="alert">
              {unreadable ? t('cashier.submit.proofProblem.type') : problems.proofs === 'required' ? t('cashier.receipt.problem.proofRequired') : problems.proofs === 'tooMany' ? t('cashier.receipt.problem.tooMany', { max: MAX_PROOFS }) : t(`cashier.submit.proofProblem.${problems.proofs}`)}
            </p>
          )}
          <div className="field">
            <label htmlFor={`${id}-note`}>{t('cashier.receipt.note', { max: NOTE_MAX })}</label>
            <textarea id={`${id}-note`} className="input" rows={2} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} dir="auto" aria-describedby={`${id}-note-count`} />
            <p id={`${id}-note-count`} className="muted withdraw-count">
              {[...note].length}/{NOTE_MAX}
            </p>
          </div>
        </>
      )}
      {confirm.isError && (
        <p className="form-error" role="alert">
          {withdrawErrorText(t, confirm.error)}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={confirm.isPending}>
        {t('cashier.receipt.send')}
      </button>
    </form>
  );
}

/** ProofPicker adds up to MAX_PROOFS images one choice at a time, each
 * previewed with a button to take it away again. */
function ProofPicker({ id, files, onChange, required }: { id: string; files: File[]; onChange: (f: File[]) => void; required: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t(required ? 'cashier.receipt.proofsRequired' : 'cashier.receipt.proofs', { max: MAX_PROOFS })}</label>
      {files.length < MAX_PROOFS && (
        <input
          id={id}
          className="input"
          type="file"
          accept="image/png,image/jpeg"
          multiple
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (picked.length) onChange([...files, ...picked]);
          }}
        />
      )}
      {files.length > 0 && (
        <ul className="withdraw-previews">
          {files.map((f, n) => (
            <li key={`${n}-${f.name}`}>
              <Preview file={f} alt={t('cashier.receipt.proofN', { n: n + 1 })} />
              <button type="button" className="link-button" onClick={() => onChange(files.filter((_, i) => i !== n))}>
                {t('cashier.receipt.removeProof', { n: n + 1 })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// Preview shows a chosen image from an object URL, released when it goes;
// a file that is not an image shows its name only.
function Preview({ file, alt }: { file: File; alt: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    if (!checkProof(file) && typeof URL.createObjectURL === 'function') {
      const made = URL.createObjectURL(file);
      setSrc(made);
      return () => URL.revokeObjectURL(made);
    }
    setSrc('');
  }, [file]);
  return src ? <img src={src} alt={alt} /> : <span className="muted">{file.name}</span>;
}
