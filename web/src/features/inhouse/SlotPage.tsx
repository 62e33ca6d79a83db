import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaytable, type PlayAnswer, type SlotResult } from './api';
import { FairnessPanel } from './FairnessPanel';
import { GameScreen, PlayButton } from './GameScreen';
import { prefersReducedMotion } from './motion';
import { Paytable } from './Paytable';
import { LINES, slotSteps, STEP_MS } from './slot';
import { SlotGrid } from './SlotGrid';
import { SpinWins, StepLabel, StepNav } from './SlotRound';
import { defaultStake } from './stake';
import { StakeField } from './StakeField';
import { ltr, useGame } from './useGame';

// SlotPage is Portal Fortune Reels: pick a stake, spin, and watch the
// round play back, free spins and all, before its win joins the balance.
export function SlotPage() {
  const { t } = useTranslation();
  const g = useGame<SlotResult>('PGE_SLOT');
  const lines = usePaytable().data?.slot.lines ?? [];
  // The stake starts at 1.00 (or what the limits allow) until picked.
  const [picked, setStake] = useState<number | null>(null);
  const [round, setRound] = useState<PlayAnswer<SlotResult> | null>(null);
  const [at, setAt] = useState(0);
  const [stepping, setStepping] = useState(false);
  const [focus, setFocus] = useState<number | null>(null);
  const s = g.session.data;
  const stake = picked ?? (s ? defaultStake(s.limits, s.decimals) : null);

  const steps = round ? slotSteps(round.result) : [];
  const last = steps.length - 1;
  const reveal = g.reveal;

  // The free spins play one after another; the last one ends the round.
  useEffect(() => {
    if (!stepping) return;
    if (at >= last) {
      setStepping(false);
      reveal();
      return;
    }
    const timer = window.setTimeout(() => setAt((i) => i + 1), STEP_MS);
    return () => window.clearTimeout(timer);
  }, [stepping, at, last, reveal]);

  async function spin() {
    if (stake === null) return;
    setFocus(null);
    const a = await g.play({ game: 'PGE_SLOT', stake });
    if (!a) return;
    setRound(a);
    setAt(0);
    if (a.result.freeSpins.length > 0 && !prefersReducedMotion()) setStepping(true);
    else {
      // Nothing to play back (or no motion wanted): the round ends at once,
      // on its last spin.
      setAt(a.result.freeSpins.length);
      setStepping(false);
      reveal();
    }
  }

  function skip() {
    setAt(last);
    setStepping(false);
    reveal();
  }

  const step = steps[Math.min(at, last)];
  const done = !!round && !stepping;
  return (
    <GameScreen g={g} side={(session) => <FairnessPanel g={g} session={session} />}>
      {(session) => (
        <>
          <div className="pge-stage pge-slot-stage">
            <SlotGrid spin={step?.spin ?? null} lines={lines} spinning={g.busy} focus={focus} animate={round ? `${round.roundId}:${at}` : undefined} />
            {step && !g.busy && steps.length > 1 && (
              <div className="pge-round-state" aria-live="polite">
                {done ? <StepNav steps={steps} at={at} onAt={setAt} /> : <StepLabel step={step} />}
                {stepping && (
                  <button type="button" className="button button-small button-ghost" onClick={skip}>
                    {t('inhouse.skip')}
                  </button>
                )}
              </div>
            )}
          </div>
          <div className="pge-controls">
            {stake !== null && <StakeField limits={session.limits} decimals={session.decimals} money={g.money} value={stake} onChange={setStake} disabled={g.busy || stepping} lines={LINES} />}
            <PlayButton g={g} label={t('inhouse.slot.spin')} onPlay={() => void spin()} disabled={stake === null || stepping} />
          </div>
          {round && step && !g.busy && (
            <div className="pge-result" data-testid="round-result" data-won={round.win > 0}>
              <SpinWins spin={step.spin} money={g.money} onFocus={setFocus} />
              <p className="pge-total">
                {t('inhouse.totalWin')}: <strong dir="ltr">{g.money.plain(stepping ? step.paidSoFar : round.win)}</strong>
              </p>
              {done && g.balance !== null && <p className="pge-hint">{t('inhouse.balanceAfter', { amount: ltr(g.money.format(g.balance)) })}</p>}
            </div>
          )}
          <Paytable stake={stake ?? 0} money={g.money} />
        </>
      )}
    </GameScreen>
  );
}
