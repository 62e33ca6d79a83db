import { useEffect, useState } from 'react';

/** useDraft is a panel's editable copy of a stored value: it starts as the
 * stored one and starts over whenever the stored one changes (after a save
 * the server's normalised value shows); dirty says it differs. toDraft
 * turns the stored value into the form's shape. */
export function useDraft<S, D>(stored: S, toDraft: (s: S) => D) {
  const key = JSON.stringify(stored);
  const [draft, setDraft] = useState<D>(() => toDraft(stored));
  const [base, setBase] = useState(key);
  useEffect(() => {
    if (key !== base) {
      setBase(key);
      setDraft(toDraft(stored));
    }
    // toDraft is a pure function of stored; the key stands for stored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(toDraft(stored));
  return [draft, setDraft, dirty] as const;
}
