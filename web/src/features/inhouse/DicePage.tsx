import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiceResult, PlayAnswer } from './api';
import { chancePercent, DICE_MAX_TARGET, DICE_MIN_TARGET, diceMultiplier, dicePayout, flipSide, formatMultiplier } from './dice';
import { FairnessPanel } from './FairnessPanel';
import { GameScreen, PlayButton } from './GameScreen';
import { formatHundredths } from './hundredths';
import { defaultStake } from './stake';
import { StakeField } from './StakeField';
import { hundredthsBetween, useTypedNumber } from './typedNumber';
import { ltr, useGame, type Money } from './useGame';

// DicePage is Portal Dice: pick a target and a side, see the chance and
// the multiplier move with them, roll.
export function DicePage() {
  const { t } = useTranslation();
  const g = useGame<DiceResult>('PGE_DICE');
  // The stake starts at 1.00 (or what the limits allow) until picked.
  const [picked, setStake] = useState<number | null>(null);
  const [target, setTarget] = useState(5000);
  const [over, setOver] = useState(false);
  const [round, setRound] = useState<PlayAnswer<DiceResult> | null>(null);
  const s = g.session.data;
  const stake = picked ?? (s ? defaultStake(s.limits, s.decimals) : null);

  // Changing side keeps the chance: under 49.50 becomes over 50.49.
  function side(next: boolean) {
    if (next === over) return;
    setOver(next);
    setTarget(flipSide(target));
  }

  async function roll() {
    if (stake === null) return;
    const a = await g.play({ game: 'PGE_DICE', stake, target, over });
    if (!a) return;
    setRound(a);
    g.reveal();
  }

  return (
    <GameScreen g={g} side={(session) => <FairnessPanel g={g} session={session} />}>
      {(session) => (
        <>
          <div className="pge-stage pge-dice-stage">
            <DiceBar target={target} over={over} roll={round && !g.busy ? round.result : null} />
            <div className="pge-big" aria-live="polite" data-testid="round-result" data-won={round && !g.busy ? round.result.won : undefined}>
              {round && !g.busy ? (
                <>
                  <span className="pge-big-number" dir="ltr">
                    {g.money.hundredths(round.result.roll)}
                  </span>
                  <span className="pge-verdict">{round.result.won ? t('inhouse.wonAmount', { amount: ltr(g.money.format(round.win)) }) : t('inhouse.lost')}</span>
                </>
              ) : (
                <span className="pge-big-number pge-idle" dir="ltr">
                  {g.busy ? '…' : '00.00'}
                </span>
              )}
            </div>
          </div>
          <div className="pge-controls">
            <TargetField target={target} over={over} onTarget={setTarget} disabled={g.busy} />
            <div className="pge-toggle" role="group" aria-label={t('inhouse.dice.side')}>
              <button type="button" className="chip" aria-pressed={!over} disabled={g.busy} onClick={() => side(false)}>
                {t('inhouse.dice.under')}
              </button>
              <button type="button" className="chip" aria-pressed={over} disabled={g.busy} onClick={() => side(true)}>
                {t('inhouse.dice.over')}
              </button>
            </div>
            <DiceOdds target={target} over={over} stake={stake ?? 0} money={g.money} />
            {stake !== null && <StakeField limits={session.limits} decimals={session.decimals} money={g.money} value={stake} onChange={setStake} disabled={g.busy} />}
            <PlayButton g={g} label={t('inhouse.dice.roll')} onPlay={() => void roll()} disabled={stake === null} />
          </div>
        </>
      )}
    </GameScreen>
  );
}

// DiceOdds are the live figures of the bet being set up.
export function DiceOdds({ target, over, stake, money }: { target: number; over: boolean; stake: number; money: Money }) {
  const { t } = useTranslation();
  return (
    <dl className="pge-odds">
      <div>
        <dt>{t('inhouse.dice.chance')}</dt>
        <dd dir="ltr" data-testid="dice-chance">
          {money.hundredths(chancePercent(target, over) * 100)}%
        </dd>
      </div>
      <div>
        <dt>{t('inhouse.dice.multiplier')}</dt>
        <dd dir="ltr" data-testid="dice-multiplier">
          {formatMultiplier(diceMultiplier(target, over))}×
        </dd>
      </div>
      <div>
        <dt>{t('inhouse.payoutOnWin')}</dt>
        <dd dir="ltr">{money.plain(dicePayout(stake, target, over))}</dd>
      </div>
    </dl>
  );
}

// TargetField sets the target with a slider or by typing, 1.00 to 98.00.
function TargetField({ target, over, onTarget, disabled }: { target: number; over: boolean; onTarget: (n: number) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const typed = useTypedNumber(target, onTarget, hundredthsBetween(DICE_MIN_TARGET, DICE_MAX_TARGET));
  return (
    <div className="field pge-target">
      <label htmlFor={id}>{t(over ? 'inhouse.dice.targetOver' : 'inhouse.dice.targetUnder')}</label>
      <div className="pge-target-row" dir="ltr">
        <input
          type="range"
          min={DICE_MIN_TARGET}
          max={DICE_MAX_TARGET}
          step={1}
          value={target}
          disabled={disabled}
          aria-label={t('inhouse.dice.target')}
          aria-valuetext={formatHundredths(target)}
          onChange={(e) => onTarget(Number(e.target.value))}
        />
        <input
          id={id}
          className="input pge-target-input"
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          {...typed}
        />
      </div>
      <p className="pge-hint" id={`${id}-hint`}>
        {t('inhouse.dice.targetRange', { min: ltr(formatHundredths(DICE_MIN_TARGET)), max: ltr(formatHundredths(DICE_MAX_TARGET)) })}
      </p>
    </div>
  );
}

// DiceBar draws 0 to 100 with the winning side shaded, the target and,
// after a roll, where it landed. It reads left to right in every language.
function DiceBar({ target, over, roll }: { target: number; over: boolean; roll: DiceResult | null }) {
  const pct = (n: number) => `${n / 100}%`;
  return (
    <div className="pge-dicebar" dir="ltr" aria-hidden="true">
      <div className="pge-dicebar-track">
        <div className="pge-dicebar-win" style={over ? { left: pct(target), right: 0 } : { left: 0, width: pct(target) }} />
        <div className="pge-dicebar-target" style={{ left: pct(target) }} />
        {roll && <div className="pge-dicebar-roll" data-won={roll.won} style={{ left: pct(roll.roll) }} />}
      </div>
      <div className="pge-dicebar-scale">
        <span>0</span>
        <span>25</span>
        <span>50</span>
        <span>75</span>
        <span>100</span>
      </div>
    </div>
  );
}
