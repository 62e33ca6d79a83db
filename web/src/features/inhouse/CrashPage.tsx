import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrashResult, PlayAnswer } from './api';
import { CRASH_MAX_CASHOUT, CRASH_MIN_CASHOUT, crashPayout, crashWinChance, multiplierAt, riseDuration } from './crash';
import { FairnessPanel } from './FairnessPanel';
import { GameScreen, PlayButton } from './GameScreen';
import { formatHundredths } from './hundredths';
import { prefersReducedMotion } from './motion';
import { defaultStake } from './stake';
import { StakeField } from './StakeField';
import { hundredthsBetween, useTypedNumber } from './typedNumber';
import { ltr, useGame } from './useGame';

const QUICK_CASHOUTS = [150, 200, 500, 1000];

// CrashPage is Portal Crash: set the auto cash-out, play, and watch the
// multiplier climb to where the round crashed, cashing out on the way if
// it got that far.
export function CrashPage() {
  const { t } = useTranslation();
  const g = useGame<CrashResult>('PGE_CRASH');
  // The stake starts at 1.00 (or what the limits allow) until picked.
  const [picked, setStake] = useState<number | null>(null);
  const [cashOut, setCashOut] = useState(200);
  const [round, setRound] = useState<PlayAnswer<CrashResult> | null>(null);
  const [shown, setShown] = useState(100);
  const [rising, setRising] = useState(false);
  const frame = useRef(0);
  const s = g.session.data;
  const reveal = g.reveal;
  const stake = picked ?? (s ? defaultStake(s.limits, s.decimals) : null);

  // The rise: requestAnimationFrame from 1.00× to the crash point.
  useEffect(() => {
    if (!rising || !round) return;
    const point = round.result.crashPoint;
    const start = performance.now();
    const tick = (now: number) => {
      const m = multiplierAt(now - start, point);
      setShown(m);
      if (m >= point) {
        setRising(false);
        reveal();
        return;
      }
      frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame.current);
  }, [rising, round, reveal]);

  async function play() {
    if (stake === null) return;
    const a = await g.play({ game: 'PGE_CRASH', stake, cashOut });
    if (!a) return;
    setRound(a);
    if (prefersReducedMotion() || riseDuration(a.result.crashPoint) === 0) {
      setShown(a.result.crashPoint);
      reveal();
    } else {
      setShown(100);
      setRising(true);
    }
  }

  function skip() {
    if (!round) return;
    setRising(false);
    setShown(round.result.crashPoint);
    reveal();
  }

  const r = round?.result;
  const passed = !!r && r.won && shown >= r.cashOut;
  const ended = !!r && !rising && !g.busy;
  return (
    <GameScreen g={g} side={(session) => <FairnessPanel g={g} session={session} />}>
      {(session) => (
        <>
          <div className="pge-stage pge-crash-stage" data-state={ended ? (r.won ? 'won' : 'lost') : rising ? 'rising' : 'idle'}>
            <CrashCurve shown={shown} point={r?.crashPoint ?? null} cashOut={r?.cashOut ?? cashOut} won={!!r?.won} />
            <div className="pge-big" aria-live="polite" data-testid="round-result" data-won={ended ? r.won : undefined}>
              <span className="pge-big-number" dir="ltr" aria-hidden={rising}>
                {g.busy ? '…' : `${formatHundredths(r ? shown : 100)}×`}
              </span>
              {passed && !ended && <span className="pge-verdict">{t('inhouse.crash.cashedOut', { multiplier: ltr(`${formatHundredths(r.cashOut)}×`) })}</span>}
              {ended && (
                <>
                  <span className="pge-verdict">
                    {r.won ? t('inhouse.crash.cashedOut', { multiplier: ltr(`${formatHundredths(r.cashOut)}×`) }) : t('inhouse.crash.crashed', { multiplier: ltr(`${formatHundredths(r.crashPoint)}×`) })}
                  </span>
                  <span className="pge-hint">
                    {r.won ? t('inhouse.wonAmount', { amount: ltr(g.money.format(r.win)) }) : t('inhouse.lost')}
                    {r.won && <> · {t('inhouse.crash.crashPoint', { multiplier: ltr(`${formatHundredths(r.crashPoint)}×`) })}</>}
                  </span>
                </>
              )}
              {rising && (
                <button type="button" className="button button-small button-ghost" onClick={skip}>
                  {t('inhouse.skip')}
                </button>
              )}
            </div>
          </div>
          <div className="pge-controls">
            <CashOutField value={cashOut} onChange={setCashOut} disabled={g.busy || rising} />
            <dl className="pge-odds">
              <div>
                <dt>{t('inhouse.dice.chance')}</dt>
                <dd dir="ltr">{(crashWinChance(cashOut) * 100).toFixed(4)}%</dd>
              </div>
              <div>
                <dt>{t('inhouse.payoutOnWin')}</dt>
                <dd dir="ltr">{g.money.plain(crashPayout(stake ?? 0, cashOut))}</dd>
              </div>
            </dl>
            {stake !== null && <StakeField limits={session.limits} decimals={session.decimals} money={g.money} value={stake} onChange={setStake} disabled={g.busy || rising} />}
            <PlayButton g={g} label={t('inhouse.crash.play')} onPlay={() => void play()} disabled={stake === null || rising} />
          </div>
        </>
      )}
    </GameScreen>
  );
}

// CashOutField sets the auto cash-out, 1.01× to 10,000.00×.
function CashOutField({ value, onChange, disabled }: { value: number; onChange: (n: number) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const typed = useTypedNumber(value, onChange, hundredthsBetween(CRASH_MIN_CASHOUT, CRASH_MAX_CASHOUT));
  return (
    <div className="field">
      <label htmlFor={id}>{t('inhouse.crash.cashOut')}</label>
      <div className="pge-stepper" dir="ltr">
        <input
          id={id}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          {...typed}
        />
        <span className="pge-suffix">×</span>
      </div>
      <div className="pge-quick" dir="ltr">
        {QUICK_CASHOUTS.map((c) => (
          <button type="button" key={c} className="chip chip-small" aria-pressed={value === c} disabled={disabled} onClick={() => onChange(c)}>
            {formatHundredths(c)}×
          </button>
        ))}
      </div>
      <p className="pge-hint" id={`${id}-hint`}>
        {t('inhouse.crash.cashOutRange', { min: ltr(`${formatHundredths(CRASH_MIN_CASHOUT)}×`), max: ltr(`${formatHundredths(CRASH_MAX_CASHOUT, 'en')}×`) })}
      </p>
    </div>
  );
}

// CrashCurve draws the climb so far: time across, multiplier up, with the
// cash-out as a dashed line and a dot where the bet cashed out. SVG
// coordinates run left to right in every language.
function CrashCurve({ shown, point, cashOut, won }: { shown: number; point: number | null; cashOut: number; won: boolean }) {
  const W = 300;
  const H = 150;
  const top = Math.max(cashOut * 1.2, point ?? 0, 200);
  const y = (m: number) => H - 8 - ((m - 100) / (top - 100)) * (H - 24);
  const d = point === null ? 0 : riseDuration(point);
  const x = (t: number) => 8 + ((W - 16) * t) / Math.max(d, 1);
  // The time at which the climb reaches m (the inverse of multiplierAt).
  const timeOf = (m: number) => (point === null || point <= 100 ? 0 : (d * Math.log(m / 100)) / Math.log(point / 100));
  const pts: string[] = [];
  if (point !== null && shown > 100) {
    const until = timeOf(shown);
    for (let i = 0; i <= 48; i++) {
      const t = (until * i) / 48;
      pts.push(`${x(t).toFixed(1)},${y(multiplierAt(t, point)).toFixed(1)}`);
    }
  }
  const last = pts[pts.length - 1]?.split(',');
  const dot = won && point !== null && shown >= cashOut ? { left: `${(x(timeOf(cashOut)) / W) * 100}%`, top: `${(y(cashOut) / H) * 100}%` } : null;
  return (
    <div className="pge-curve-wrap" aria-hidden="true">
      <svg className="pge-curve" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none">
        <line x1="8" x2={W - 8} y1={y(cashOut)} y2={y(cashOut)} className="pge-curve-cashout" vectorEffect="non-scaling-stroke" />
        <line x1="8" x2={W - 8} y1={H - 8} y2={H - 8} className="pge-curve-axis" vectorEffect="non-scaling-stroke" />
        {pts.length > 1 && last && (
          <>
            <polygon points={`8,${H - 8} ${pts.join(' ')} ${last[0]},${H - 8}`} className="pge-curve-fill" />
            <polyline points={pts.join(' ')} className="pge-curve-line" fill="none" vectorEffect="non-scaling-stroke" />
          </>
        )}
      </svg>
      {dot && <span className="pge-curve-dot" style={dot} />}
    </div>
  );
}
