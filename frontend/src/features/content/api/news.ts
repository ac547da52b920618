import { useQuery } from '@tanstack/react-query';
import { contentKey } from '@/features/content/api/keys';
import { usePaged } from '@/hooks/use-paged';
import { useI18n } from '@/i18n/i18n';
import { api } from '@/lib/api';
import type { Paged } from '@/lib/paging';

export type NewsItem = {
  id: number;
  title: string;
  /** The start of the body as one line of plain text, "…" when it goes on. */
  summary: string;
  pinned: boolean;
  published_at: number;
};

export type NewsArticle = {
  id: number;
  title: string;
  /** Plain text (never HTML); paragraphs are separated by line breaks. */
  body: string;
  pinned: boolean;
  published_at: number;
  updated_at: number;
};

// The server picks the articles by the `lang` header, so the list is cached per language.
export const newsKey = (lang: string) => [...contentKey, 'news', lang] as const;
export const newsArticleKey = (id: number) => [...contentKey, 'news-article', id] as const;

/** GET api/news/index — published news of the reader's language and of every language, pinned first. */
export const fetchNews = (page: number, limit: number) =>
  api.get<Paged<NewsItem>>('api/news/index', { page, limit });

export function useNews() {
  const { lang } = useI18n();
  return usePaged(newsKey(lang), fetchNews);
}

/** GET api/news/detail — one article; HTTP 404 (`not_found`) once removed. The page reports
 * failures itself, so the call is silent. */
export const fetchNewsArticle = (id: number) =>
  api.get<NewsArticle>('api/news/detail', { id }, { silent: true });

export function useNewsArticle(id: number) {
  return useQuery({
    queryKey: newsArticleKey(id),
    queryFn: () => fetchNewsArticle(id),
    staleTime: 60_000,
  });
}
