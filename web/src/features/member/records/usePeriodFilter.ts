import { useState } from 'react';
import { rangeError, shortcutRange, type DateRange } from './dates';

// usePeriodFilter holds a report's filters twice: the draft the form
// edits and the applied one the query reads. Search applies the draft if
// its range is valid (at most 90 days); a new search starts at page 1.
export function usePeriodFilter<F extends { range: DateRange }>(rest: Omit<F, 'range'>) {
  const [draft, setDraft] = useState<F>(() => ({ ...rest, range: shortcutRange('last7') }) as F);
  const [applied, setApplied] = useState<F>(draft);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  function apply(next: F = draft) {
    const problem = rangeError(next.range);
    setError(problem);
    if (problem) return;
    setApplied(next);
    setPage(1);
  }

  return { draft, setDraft, applied, apply, error, page, setPage };
}
