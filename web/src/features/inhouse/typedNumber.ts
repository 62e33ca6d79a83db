import { useEffect, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { clamp, formatHundredths, parseHundredths } from './hundredths';

// NumberRule is how a field's number is written, read and kept in bounds.
export type NumberRule = {
  format: (n: number) => string;
  parse: (text: string) => number | null;
  // live is what a number typed so far stands for, or null to wait for
  // the player to finish (out of bounds).
  live: (n: number) => number | null;
  // fit brings a finished entry into bounds.
  fit: (n: number) => number;
};

// hundredthsBetween is the rule of a dice target or crash cash-out.
export function hundredthsBetween(min: number, max: number): NumberRule {
  return {
    format: (n) => formatHundredths(n),
    parse: parseHundredths,
    live: (n) => (n >= min && n <= max ? n : null),
    fit: (n) => clamp(n, min, max),
  };
}

// useTypedNumber gives a text input the behaviour of the games' number
// fields: while the player types, the field keeps their text and a number
// in bounds takes effect at once; leaving the field or Enter settles it
// (fitted, or back to the value when it is not a number); otherwise the
// text follows the value. Spread the result on the <input>.
export function useTypedNumber(value: number, onChange: (n: number) => void, rule: NumberRule) {
  const shown = rule.format(value);
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(shown);
  }, [shown, editing]);
  function commit() {
    const n = rule.parse(text);
    const next = n === null ? value : rule.fit(n);
    onChange(next);
    setText(rule.format(next));
    setEditing(false);
  }
  return {
    value: text,
    onFocus: () => setEditing(true),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setEditing(true);
      setText(e.target.value);
      const n = rule.parse(e.target.value);
      const live = n === null ? null : rule.live(n);
      if (live !== null) onChange(live);
    },
    onBlur: commit,
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter') commit();
    },
  };
}
