import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { maxSort } from './gamesApi';

/** Switch is an inline on/off toggle: a button with role switch, so Space
 * and Enter flip it and a screen reader says its state. */
export function Switch({ checked, label, onChange, disabled, testId }: { checked: boolean; label: string; onChange: (next: boolean) => void; disabled?: boolean; testId?: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      title={label}
      className={`games-switch${checked ? ' games-switch-on' : ''}`}
      disabled={disabled}
      data-testid={testId}
      onClick={() => onChange(!checked)}
    >
      <span aria-hidden="true" />
    </button>
  );
}

/** SortInput edits a display order in place: Enter or leaving the field
 * saves a changed whole number from 0 to maxSort, Escape puts it back. */
export function SortInput({ value, label, onSave, disabled }: { value: number; label: string; onSave: (next: number) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const n = Number(draft);
  const valid = draft.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= maxSort;
  const commit = () => {
    if (valid && n !== value) onSave(n);
    else if (!valid) setDraft(String(value));
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape') {
      setDraft(String(value));
    }
  };
  return (
    <input
      className="input games-sort-input"
      type="number"
      inputMode="numeric"
      min={0}
      max={maxSort}
      step={1}
      aria-label={label}
      title={valid ? label : t('games.sortHint', { max: maxSort })}
      aria-invalid={valid ? undefined : true}
      value={draft}
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={onKey}
    />
  );
}
