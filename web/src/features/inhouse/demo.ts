// A visitor's demo plays without money: the page keeps its own credits,
// 2,000.00 to start, in session storage so a reload does not refill them.

const KEY = 'pgeDemoCredits';
export const DEMO_START_MAJOR = 2000;

export const demoStart = (decimals: number) => DEMO_START_MAJOR * 10 ** decimals;

export function readDemoCredits(decimals: number): number {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { decimals?: number; credits?: number } | null;
    if (v && v.decimals === decimals && Number.isSafeInteger(v.credits) && (v.credits ?? -1) >= 0) return v.credits!;
  } catch {
    // unreadable: start again
  }
  return demoStart(decimals);
}

export function writeDemoCredits(decimals: number, credits: number): void {
  sessionStorage.setItem(KEY, JSON.stringify({ decimals, credits }));
}
