// Paged lists: every list endpoint takes page and limit and answers {list,total,page,limit}.
export type Paged<T> = { list: T[]; total: number; page: number; limit: number };

export const PAGE_LIMIT = 20;

/** The next page to ask for, or undefined when `last` was the final one. */
export function nextPage(last: Paged<unknown>): number | undefined {
  const seen = last.page * last.limit;
  return last.list.length > 0 && seen < last.total ? last.page + 1 : undefined;
}
