// The operator's content items: banners, activities, help articles and pages. The server picks
// each item's text by the `lang` header (else the default language), so every query is cached
// per language.
import { useQuery } from '@tanstack/react-query';
import { contentKey } from '@/features/content/api/keys';
import { useI18n } from '@/i18n/i18n';
import { api } from '@/lib/api';

/** A home-page banner; `picture` is "media/content/<file>", served with immutable caching. */
export type { Banner } from '@/components/banner-carousel';

export type ActivityItem = {
  id: number;
  title: string;
  summary: string;
  picture: string | null;
  start_at: number | null;
  end_at: number | null;
};

/** An activity with its body: HTML sanitized by the server. */
export type Activity = ActivityItem & { body: string };

export type HelpItem = { id: number; title: string; summary: string };

/** A help article; `body` is HTML sanitized by the server. */
export type HelpArticle = { id: number; title: string; body: string; updated_at: number };

/** A named page; `body` is HTML sanitized by the server, `version` the operator's ("" if none). */
export type ContentPage = {
  slug: string;
  title: string;
  body: string;
  version: string;
  updated_at: number;
};

export type PageLink = { slug: string; title: string };

type List<T> = { list: T[] };

const itemsKey = (lang: string, ...rest: (string | number)[]) =>
  [...contentKey, 'items', lang, ...rest] as const;

// Details report a missing item themselves (HTTP 404), so their calls are silent.
const fetchActivities = () => api.get<List<ActivityItem>>('api/activity/index');
const fetchActivity = (id: number) =>
  api.get<Activity>('api/activity/detail', { id }, { silent: true });
const fetchHelpArticles = () => api.get<List<HelpItem>>('api/help/index');
const fetchHelpArticle = (id: number) =>
  api.get<HelpArticle>('api/help/detail', { id }, { silent: true });
const fetchPages = () => api.get<List<PageLink>>('api/page/index');
const fetchPage = (slug: string) =>
  api.get<ContentPage>('api/page/detail', { slug }, { silent: true });

const STALE = 60_000;

/** GET api/activity/index — the live activities, in the operator's order. */
export function useActivities() {
  const { lang } = useI18n();
  return useQuery({
    queryKey: itemsKey(lang, 'activities'),
    queryFn: fetchActivities,
    staleTime: STALE,
  });
}

/** GET api/activity/detail — one activity; HTTP 404 once ended or deleted. */
export function useActivity(id: number) {
  const { lang } = useI18n();
  return useQuery({
    queryKey: itemsKey(lang, 'activity', id),
    queryFn: () => fetchActivity(id),
    staleTime: STALE,
  });
}

/** GET api/help/index — the help articles, in the operator's order. */
export function useHelpArticles() {
  const { lang } = useI18n();
  return useQuery({
    queryKey: itemsKey(lang, 'help'),
    queryFn: fetchHelpArticles,
    staleTime: STALE,
  });
}

/** GET api/help/detail — one help article. */
export function useHelpArticle(id: number) {
  const { lang } = useI18n();
  return useQuery({
    queryKey: itemsKey(lang, 'help', id),
    queryFn: () => fetchHelpArticle(id),
    staleTime: STALE,
  });
}

/** GET api/page/index — the pages a player can open (slug and title). */
export function usePages() {
  const { lang } = useI18n();
  return useQuery({ queryKey: itemsKey(lang, 'pages'), queryFn: fetchPages, staleTime: STALE });
}

/** GET api/page/detail — one page by slug. */
export function useContentPage(slug: string) {
  const { lang } = useI18n();
  return useQuery({
    queryKey: itemsKey(lang, 'page', slug),
    queryFn: () => fetchPage(slug),
    staleTime: STALE,
  });
}
