/** csvField quotes one field: RFC 4180 quoting for commas, quotes and line
 * breaks, and a leading apostrophe for text a spreadsheet would run as a
 * formula (a username may start with = or +). */
export function csvField(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== String(v) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** csvText is a header and rows as CSV, CRLF between lines (RFC 4180),
 * with a byte-order mark so spreadsheets read Khmer and Chinese right. */
export function csvText(header: string[], rows: (string | number)[][]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** downloadCsv hands the browser a CSV file to save. */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
