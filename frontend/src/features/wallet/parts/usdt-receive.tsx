// The operator's USDT receiving address as text (with a copy button) and as a QR code. This
// module is loaded lazily: qrcode.react travels only with the screens that show an address.
import { QRCodeSVG } from 'qrcode.react';
import { Button } from '@/components/button';
import { CopyIcon } from '@/components/icons-extra';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n } from '@/i18n/i18n';
import { copyText } from '@/lib/copy-text';
import { toast } from '@/lib/notify';

export default function UsdtReceive({ address, network }: { address: string; network: string }) {
  const { t } = useI18n();
  const copy = async () => {
    const ok = await copyText(address);
    toast(ok ? t('copied') : t('copy_failed'), ok ? 'success' : 'error');
  };
  return (
    <section className={`card ${styles.receive}`} aria-label={t('usdt_receive_title')}>
      <div className={styles.receiveHead}>
        <h2>{t('usdt_receive_title')}</h2>
        <span className={styles.network} data-testid="usdt-network">
          {network}
        </span>
      </div>
      <div className={styles.qr}>
        <QRCodeSVG
          value={address}
          size={176}
          marginSize={2}
          role="img"
          aria-label={t('usdt_qr_label')}
          data-testid="usdt-qr"
        />
      </div>
      <p className={styles.address} data-testid="usdt-address">
        {address}
      </p>
      <Button variant="secondary" size="small" onClick={() => void copy()}>
        <CopyIcon size={16} />
        {t('copy_address')}
      </Button>
      <p className={styles.receiveNote}>{t('usdt_receive_note', { network })}</p>
    </section>
  );
}
