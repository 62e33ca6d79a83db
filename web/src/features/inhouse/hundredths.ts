// Dice numbers and crash multipliers travel as whole hundredths (50.00 is
// 5000, 2.00× is 200); these read and write them as text without floats.

// formatHundredths writes 5000 as "50.00" (grouped for large values when
// a locale is given).
export function formatHundredths(n: number, locale?: string): string {
  const whole = Math.floor(n / 100);
  const frac = String(Math.abs(n % 100)).padStart(2, '0');
  const w = locale ? safeGroup(whole, locale) : String(whole);
  return `${w}.${frac}`;
}

function safeGroup(n: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0, numberingSystem: 'latn' } as Intl.NumberFormatOptions).format(n);
  } catch {
    return String(n);
  }
}

// parseHundredths reads "50", "50.5", "50,55" or "1,000.00" as hundredths;
// null for anything else.
export function parseHundredths(text: string): number | null {
  let s = text.trim().replace(/[\s×x]/gi, '');
  if (/^\d+,\d{1,2}$/.test(s)) s = s.replace(',', '.');
  else s = s.replace(/,/g, '');
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return null;
  const n = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(n) ? n : null;
}

export function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}
