import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitDeposit, type Deposit } from './api';
import { cashierErrorText } from './errors';
import { checkProof, readDataURL, type ProofProblem } from './proof';

// A reference is 1..64 printable characters (no control characters).
const referencePattern = /^[^\p{C}]{1,64}$/u;

/** ManualSubmit is the form after a bank transfer: the transfer's
 * reference and the receipt image, sent for finance to confirm. */
export function ManualSubmit({ order }: { order: Deposit }) {
  const { t } = useTranslation();
  const submit = useSubmitDeposit();
  const [reference, setReference] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<{ reference?: boolean; proof?: ProofProblem | 'required' }>({});

  async function send(e: FormEvent) {
    e.preventDefault();
    const ref = reference.trim();
    const next = {
      reference: !referencePattern.test(ref) || undefined,
      proof: !file ? ('required' as const) : checkProof(file) || undefined,
    };
    setProblems(next);
    if (next.reference || next.proof || !file || submit.isPending) return;
    let proof: string;
    try {
      proof = await readDataURL(file);
    } catch {
      setProblems({ proof: 'type' });
      return;
    }
    submit.mutate({ id: order.id, reference: ref, proof });
  }

  return (
    <form className="form cashier-submit" onSubmit={(e) => void send(e)} noValidate aria-labelledby="cashier-submit-title">
      <h4 id="cashier-submit-title">{t('cashier.submit.title')}</h4>
      <div className="field">
        <label htmlFor="cashier-reference">{t('cashier.submit.reference')}</label>
        <input
          id="cashier-reference"
          className="input"
          maxLength={64}
          autoComplete="off"
          dir="ltr"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          aria-invalid={problems.reference || undefined}
          aria-describedby="cashier-reference-hint"
        />
        <p id="cashier-reference-hint" className="muted">
          {t('cashier.submit.referenceHint')}
        </p>
        {problems.reference && (
          <p className="field-error" role="alert">
            {t('cashier.submit.referenceProblem')}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="cashier-proof">{t('cashier.submit.proof')}</label>
        <input
          id="cashier-proof"
          className="input"
          type="file"
          accept="image/png,image/jpeg"
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            setFile(f);
            setProblems((p) => ({ ...p, proof: f ? checkProof(f) || undefined : undefined }));
          }}
          aria-invalid={problems.proof ? true : undefined}
        />
        {problems.proof && (
          <p className="field-error" role="alert">
            {t(`cashier.submit.proofProblem.${problems.proof}`)}
          </p>
        )}
      </div>
      {submit.isError && (
        <p className="form-error" role="alert">
          {cashierErrorText(t, submit.error)}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={submit.isPending}>
        {t('cashier.submit.send')}
      </button>
    </form>
  );
}
