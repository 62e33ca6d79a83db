/** MAX_PROOF_BYTES is the largest receipt image the server takes (5 MB
 * decoded); the page refuses a larger one before sending it. */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

/** ProofProblem is why a chosen file is refused, as a catalogue key below
 * cashier.proof. */
export type ProofProblem = '' | 'type' | 'size';

/** checkProof accepts a PNG or JPEG of at most MAX_PROOF_BYTES. The type
 * is the browser's guess from the name; the server sniffs the content and
 * re-encodes it. */
export function checkProof(file: { type: string; size: number }): ProofProblem {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return 'type';
  if (file.size > MAX_PROOF_BYTES) return 'size';
  return '';
}

/** readDataURL reads a file as a data: URL, the form the submit call
 * takes. */
export function readDataURL(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(file);
  });
}
