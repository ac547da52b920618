// pages/yn28/usdtrate (tab 2). Mining and recharge come with the wallet; until then the page
// says so plainly.
import { Empty } from '@/components/empty';
import { PickaxeIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { useI18n } from '@/i18n/i18n';

export function Component() {
  const { t } = useI18n();
  return (
    <main className="page">
      <PageHeader title={t('usdtrate_title')} />
      <Empty icon={<PickaxeIcon size={38} />} title={t('usdtrate_empty_title')} text={t('usdtrate_empty_text')} />
    </main>
  );
}
