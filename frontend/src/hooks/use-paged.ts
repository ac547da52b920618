// An endless list over a paged endpoint (TanStack infinite query).
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { nextPage, PAGE_LIMIT, type Paged } from '@/lib/paging';

export function usePaged<T>(
  queryKey: QueryKey,
  fetchPage: (page: number, limit: number) => Promise<Paged<T>>,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam, PAGE_LIMIT),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 10_000,
  });
}
