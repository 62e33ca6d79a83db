import type { ContentItem } from './contentApi';

/** titleOf is an item's title for the back office's language: that
 * language's, else English, else the first there is. */
export function titleOf(item: Pick<ContentItem, 'texts'>, language: string): string {
  const texts = item.texts ?? {};
  const first = Object.keys(texts).sort()[0];
  return (texts[language] ?? texts.EN ?? (first ? texts[first] : undefined))?.title ?? '';
}

/** toLocalInput is an RFC 3339 time as a datetime-local input's value in
 * the browser's zone ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** fromLocalInput is a datetime-local value as RFC 3339 UTC (null for none). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
