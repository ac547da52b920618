// pages/yn28/trend (tab 1). Draw history and charts come with the games; until then the page
// says so plainly.
import { Empty } from '@/components/empty';
import { ChartIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { useI18n } from '@/i18n/i18n';

export function Component() {
  const { t } = useI18n();
  return (
    <main className="page">
      <PageHeader title={t('trend_title')} />
      <Empty icon={<ChartIcon size={38} />} title={t('trend_empty_title')} text={t('trend_empty_text')} />
    </main>
  );
}
