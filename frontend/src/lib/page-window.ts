export type PageWindowItem = number | 'ellipsis';

/**
 * The page numbers a pager shows (SPEC §2): the first page, the last page and the pages within
 * `reach` of the current one, with an ellipsis for each gap.
 */
export function pageWindow(current: number, totalPages: number, reach = 2): PageWindowItem[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const shown = new Set<number>([1, totalPages]);
  for (let n = page - reach; n <= page + reach; n += 1) if (n >= 1 && n <= totalPages) shown.add(n);
  const pages = [...shown].sort((a, b) => a - b);

  const items: PageWindowItem[] = [];
  pages.forEach((n, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && n - previous > 1) items.push('ellipsis');
    items.push(n);
  });
  return items;
}
