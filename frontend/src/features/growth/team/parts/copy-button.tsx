// A small button copying `text` to the clipboard, with the app's toasts.
import { Button } from '@/components/button';
import { CopyIcon } from '@/components/icons-extra';
import { useI18n } from '@/i18n/i18n';
import { copyText } from '@/lib/copy-text';
import { toast } from '@/lib/notify';

export function CopyButton({
  text,
  label,
  testId,
}: {
  text: string;
  label: string;
  testId?: string;
}) {
  const { t } = useI18n();
  const copy = async () => {
    const ok = await copyText(text);
    toast(ok ? t('copied') : t('copy_failed'), ok ? 'success' : 'error');
  };
  return (
    <Button variant="secondary" size="small" onClick={() => void copy()} data-testid={testId}>
      <CopyIcon size={16} />
      {label}
    </Button>
  );
}
