// Portal Dice (docs/inhouse-games.md §3): a roll is 0..9999, shown /100; a
// target is 100..9800 hundredths. Roll over wins above the target, roll
// under below it; a roll equal to it loses.

export const DICE_OUTCOMES = 10_000;
export const DICE_MIN_TARGET = 100;
export const DICE_MAX_TARGET = 9800;
const DICE_RETURN = 9900;

// winningRolls counts the rolls that win: 9999 − target over, target under.
export function winningRolls(target: number, over: boolean): number {
  return over ? DICE_OUTCOMES - 1 - target : target;
}

// chancePercent is the win chance in percent (winning rolls / 100, so
// exact to two decimals).
export function chancePercent(target: number, over: boolean): number {
  return winningRolls(target, over) / 100;
}

// diceMultiplier is 0.99 × 10000 / winning rolls, the payout per unit
// staked, stake included.
export function diceMultiplier(target: number, over: boolean): number {
  return DICE_RETURN / winningRolls(target, over);
}

// formatMultiplier shows a multiplier to 4 decimals, rounded down so the
// page never promises more than the game pays.
export function formatMultiplier(m: number): string {
  return (Math.floor(m * 10_000 + 1e-9) / 10_000).toFixed(4);
}

// dicePayout is what a win pays, stake included: stake × 9900 / winning
// rolls, rounded down to a minor unit, as the server computes it.
export function dicePayout(stake: number, target: number, over: boolean): number {
  return Math.floor((stake * DICE_RETURN) / winningRolls(target, over));
}

// diceWins reports whether roll wins a bet on target.
export function diceWins(roll: number, target: number, over: boolean): boolean {
  return over ? roll > target : roll < target;
}

// flipSide keeps the chance when the side changes (under 49.50 and over
// 50.49 both have 4950 winning rolls), within the target limits.
export function flipSide(target: number): number {
  const flipped = DICE_OUTCOMES - 1 - target;
  return Math.min(DICE_MAX_TARGET, Math.max(DICE_MIN_TARGET, flipped));
}
