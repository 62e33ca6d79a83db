import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Limits } from './api';
import { fitStake, parseMajor, stakeLadder, stepStake, toMajorText } from './stake';
import { useTypedNumber } from './typedNumber';
import { ltr, type Money } from './useGame';

type Props = {
  limits: Limits;
  decimals: number;
  money: Money;
  value: number;
  onChange: (minor: number) => void;
  disabled?: boolean;
  // lines shows the stake per line (the slot's 20).
  lines?: number;
};

// StakeField picks a stake the game takes: typed in the currency's units
// and fitted to the step and the limits when the field is left, or
// stepped through 1-2-5 amounts with − and +.
export function StakeField({ limits, decimals, money, value, onChange, disabled, lines }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const ladder = useMemo(() => stakeLadder(limits, decimals), [limits, decimals]);
  // While the player types, the field keeps their text; the stake it
  // stands for follows it, fitted.
  const typed = useTypedNumber(value, onChange, {
    format: (n) => toMajorText(n, decimals),
    parse: (text) => parseMajor(text, decimals),
    live: (n) => fitStake(n, limits),
    fit: (n) => fitStake(n, limits),
  });

  return (
    <div className="field pge-stake">
      <label htmlFor={id}>{t('inhouse.stake')}</label>
      <div className="pge-stepper" dir="ltr">
        <button type="button" className="icon-button" aria-label={t('inhouse.stakeDown')} disabled={disabled || value <= ladder[0]} onClick={() => onChange(stepStake(value, -1, ladder))}>
          −
        </button>
        <input
          id={id}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          {...typed}
        />
        <button type="button" className="icon-button" aria-label={t('inhouse.stakeUp')} disabled={disabled || value >= ladder[ladder.length - 1]} onClick={() => onChange(stepStake(value, 1, ladder))}>
          +
        </button>
      </div>
      <p className="pge-hint" id={`${id}-hint`}>
        {lines ? <span>{t('inhouse.slot.perLine', { amount: ltr(money.plain(Math.floor(value / lines))) })} · </span> : null}
        <span>{t('inhouse.stakeRange', { min: ltr(money.plain(limits.minStake)), max: ltr(money.plain(limits.maxStake)) })}</span>
        {limits.stakeStep > 1 && <span> · {t('inhouse.stakeStep', { step: ltr(money.plain(limits.stakeStep)) })}</span>}
      </p>
    </div>
  );
}
