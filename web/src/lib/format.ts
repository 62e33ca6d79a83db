const pad = (n: number) => String(n).padStart(2, '0');

// formatTime shows an RFC 3339 time as year-month-day hour:minute:second in
// the viewer's time zone (api-conventions: the client formats times).
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

// formatMoney shows an amount with the merchant's decimals (2 for the demo).
export function formatMoney(amount: number, decimals = 2): string {
  return amount.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

// formatEpoch is formatTime for a millisecond timestamp (report rows);
// 0 means "not yet" and shows nothing.
export function formatEpoch(ms: number): string {
  return ms > 0 ? formatTime(new Date(ms).toISOString()) : '';
}
