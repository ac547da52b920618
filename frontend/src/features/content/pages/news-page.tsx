// pages/yn28/news — the operator's news: the list, or one article at ?id=N. The spec names no
// detail path, so an article shares the page's path and a shared link opens it directly.
import { useSearchParams } from 'react-router';
import { NewsArticleView } from '@/features/content/parts/news-article';
import { NewsList } from '@/features/content/parts/news-list';

/** An article id as the link carries it: a positive integer, or null for anything else. */
function articleIdOf(text: string): number | null {
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id === null ? <NewsList /> : <NewsArticleView id={articleIdOf(id)} />;
}
