import { useEffect } from 'react';
import { useText } from '@/console/i18n/i18n';

/** The tab title: "(N) fairhall console" while N items wait, else "fairhall console". */
export function useTabTitle(waiting: number): void {
  const { t } = useText();
  const title = waiting > 0 ? t('title_waiting', { n: waiting }) : t('brand');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
