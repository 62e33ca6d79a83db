// Exact arithmetic on the API's decimal strings ("1234.50", "-3.2"): the
// amounts are money, so they are added and compared as whole numbers of
// their smallest shown unit (BigInt), never as floats.

type Dec = { units: bigint; scale: number };

function parse(s: string): Dec | null {
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(s.trim());
  if (!m) return null;
  const frac = m[3] ?? '';
  const units = BigInt(m[2] + frac);
  return { units: m[1] === '-' ? -units : units, scale: frac.length };
}

function rescale(d: Dec, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

function format(units: bigint, scale: number): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = scale ? `.${digits.slice(digits.length - scale)}` : '';
  return `${neg ? '-' : ''}${whole}${frac}`;
}

/** isDecimal tells an amount this module can work on. */
export function isDecimal(s: string): boolean {
  return parse(s) !== null;
}

/** decSum adds amounts, keeping the most decimals any of them has. An
 * unreadable amount counts as zero (the server never sends one). */
export function decSum(values: string[]): string {
  const ds = values.map((v) => parse(v) ?? { units: 0n, scale: 0 });
  const scale = Math.max(0, ...ds.map((d) => d.scale));
  return format(
    ds.reduce((acc, d) => acc + rescale(d, scale), 0n),
    scale,
  );
}

/** decSub is a - b. */
export function decSub(a: string, b: string): string {
  return decSum([a, negate(b)]);
}

function negate(s: string): string {
  const d = parse(s);
  return d ? format(-d.units, d.scale) : '0';
}

/** decSign is -1, 0 or 1. */
export function decSign(s: string): number {
  const d = parse(s);
  if (!d || d.units === 0n) return 0;
  return d.units < 0n ? -1 : 1;
}

/** roundDiv is a / b rounded half away from zero (b != 0). */
function roundDiv(a: bigint, b: bigint): bigint {
  const neg = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (2n * x + y) / (2n * y);
  return neg ? -q : q;
}

/** ratioPercent is part / whole * 100 with `decimals` decimals, rounded
 * half away from zero; null when whole is zero (no ratio to speak of). */
export function ratioPercent(part: string, whole: string, decimals = 2): string | null {
  const p = parse(part);
  const w = parse(whole);
  if (!p || !w || w.units === 0n) return null;
  const scale = Math.max(p.scale, w.scale);
  const q = roundDiv(rescale(p, scale) * 100n * 10n ** BigInt(decimals), rescale(w, scale));
  return format(q, decimals);
}

/** changePercent is how much `now` moved from `before`, in percent of
 * before's size, with two decimals; null when before is zero. */
export function changePercent(now: string, before: string): string | null {
  const b = parse(before);
  if (!b || b.units === 0n) return null;
  const size = b.units < 0n ? negate(before) : before;
  return ratioPercent(decSub(now, before), size, 2);
}
