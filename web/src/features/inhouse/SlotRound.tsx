import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotResult, Spin } from './api';
import { slotSteps, type Step } from './slot';
import { lineColour, SlotGrid } from './SlotGrid';
import type { Money } from './useGame';

// StepLabel says which spin of the round is on the reels: the base spin,
// or "Free spin 3 / 10" with the free spins' multiplier.
export function StepLabel({ step }: { step: Step }) {
  const { t } = useTranslation();
  if (step.index === 0) return <span className="pge-step">{t('inhouse.slot.baseSpin')}</span>;
  return (
    <span className="pge-step" data-free="true">
      {t('inhouse.slot.freeSpin', { n: step.index, total: step.total })}
      <span className="pge-multiplier">{t('inhouse.slot.multiplier', { n: step.spin.multiplier })}</span>
    </span>
  );
}

// SpinWins lists what one spin paid: each line with its number, symbol,
// length and amount, the scatters and the free spins they awarded.
export function SpinWins({ spin, money, onFocus }: { spin: Spin; money: Money; onFocus?: (line: number | null) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="pge-wins">
      {spin.lines.map((w) => (
        <li key={w.line} tabIndex={onFocus ? 0 : undefined} onMouseEnter={() => onFocus?.(w.line)} onMouseLeave={() => onFocus?.(null)} onFocus={() => onFocus?.(w.line)} onBlur={() => onFocus?.(null)}>
          <span className="pge-swatch" style={{ background: lineColour(w.line) }} aria-hidden="true" />
          <span>{t('inhouse.slot.lineWin', { line: w.line, count: w.count, symbol: t(`inhouse.symbol.${w.symbol}`) })}</span>
          <strong dir="ltr">{money.plain(w.win)}</strong>
        </li>
      ))}
      {spin.scatters > 0 && (
        <li>
          <span className="pge-swatch" data-scatter="true" aria-hidden="true" />
          <span>{t('inhouse.slot.scatters', { count: spin.scatters })}</span>
          {spin.scatterWin > 0 && <strong dir="ltr">{money.plain(spin.scatterWin)}</strong>}
        </li>
      )}
      {spin.freeSpinsAwarded > 0 && <li className="pge-award">{t('inhouse.slot.freeSpinsAwarded', { count: spin.freeSpinsAwarded })}</li>}
    </ul>
  );
}

// StepNav moves through a finished round's spins.
export function StepNav({ steps, at, onAt }: { steps: Step[]; at: number; onAt: (i: number) => void }) {
  const { t } = useTranslation();
  if (steps.length < 2) return null;
  return (
    <div className="pge-stepnav">
      <button type="button" className="button button-small" disabled={at <= 0} onClick={() => onAt(at - 1)} aria-label={t('inhouse.slot.previous')}>
        <span aria-hidden="true">‹</span>
      </button>
      <StepLabel step={steps[at]} />
      <button type="button" className="button button-small" disabled={at >= steps.length - 1} onClick={() => onAt(at + 1)} aria-label={t('inhouse.slot.next')}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}

// SlotRoundView shows a whole round to look through (the verify page).
export function SlotRoundView({ result, lines, money }: { result: SlotResult; lines: number[][]; money: Money }) {
  const { t } = useTranslation();
  const steps = slotSteps(result);
  const [at, setAt] = useState(0);
  const [focus, setFocus] = useState<number | null>(null);
  const step = steps[Math.min(at, steps.length - 1)];
  return (
    <div className="pge-slot-round">
      <SlotGrid spin={step.spin} lines={lines} focus={focus} />
      {steps.length > 1 ? <StepNav steps={steps} at={at} onAt={setAt} /> : <StepLabel step={step} />}
      <SpinWins spin={step.spin} money={money} onFocus={setFocus} />
      <p className="pge-total">
        {t('inhouse.totalWin')}: <strong dir="ltr">{money.plain(result.win)}</strong>
      </p>
    </div>
  );
}
