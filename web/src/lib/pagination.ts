// pageItems lays out numbered pagination (spec §2): the pages within
// `range` around the current one, `margin` pages at each end, and a gap
// marker where pages are skipped. Pages are 1-based.
export type PageItem = number | 'gap';

export function pageItems(current: number, total: number, range: number, margin: number): PageItem[] {
  if (total <= 0) return [];
  const cur = Math.min(Math.max(current, 1), total);
  let start = Math.max(1, cur - Math.floor(range / 2));
  const end = Math.min(total, start + range - 1);
  start = Math.max(1, end - range + 1);
  const pages = new Set<number>();
  for (let p = 1; p <= Math.min(margin, total); p++) pages.add(p);
  for (let p = start; p <= end; p++) pages.add(p);
  for (let p = Math.max(1, total - margin + 1); p <= total; p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: PageItem[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}
