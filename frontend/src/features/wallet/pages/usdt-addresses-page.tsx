// pages/yn28/info/usdtaddressmanagement — the player's USDT addresses (at most 2).
import { Section } from '@/components/form';
import { CoinIcon, PlusIcon } from '@/components/icons-extra';
import { Empty } from '@/components/empty';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { USDT_ADDRESS_LIMIT, useUsdtList } from '@/features/wallet/api/payout-accounts';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { formatDate } from '@/lib/time';

export function Component() {
  const { t } = useI18n();
  const list = useUsdtList();
  return (
    <main className="page">
      <PageHeader title={t('usdt_addresses_title')} back fallback={ROUTES.account} />
      <div className="page-body">
        <LoadingGate queries={[list]} ready={list.data !== undefined}>
          {() => {
            const addresses = list.data ?? [];
            const canAdd = addresses.length < USDT_ADDRESS_LIMIT;
            const add = canAdd ? (
              <LinkButton to={ROUTES.addUsdt} block={addresses.length > 0}>
                <PlusIcon size={18} />
                {t('add_usdt_address')}
              </LinkButton>
            ) : null;
            if (addresses.length === 0) {
              return (
                <Empty
                  icon={<CoinIcon size={38} />}
                  title={t('usdt_none_title')}
                  text={t('usdt_none_text', { max: USDT_ADDRESS_LIMIT })}
                  action={add ?? undefined}
                />
              );
            }
            return (
              <>
                <ul
                  style={{
                    listStyle: 'none',
                    margin: 0,
                    padding: 0,
                    display: 'flex',
                    flexDirection: 'column',
                    gap: 10,
                  }}
                  aria-label={t('usdt_addresses_title')}
                >
                  {addresses.map((address) => (
                    <li key={address.id}>
                      <Section className={styles.addressCard}>
                        <div className={styles.recordHead}>
                          <strong>USDT · {address.type}</strong>
                          <span className={styles.recordMeta}>
                            {formatDate(address.created_at)}
                          </span>
                        </div>
                        <code data-testid="usdt-address-item">{address.address}</code>
                        {address.remark === '' ? null : (
                          <span className={styles.recordMeta}>{address.remark}</span>
                        )}
                      </Section>
                    </li>
                  ))}
                </ul>
                <p style={{ color: 'var(--muted)', fontSize: 13, textAlign: 'center' }}>
                  {t('usdt_count', { n: addresses.length, max: USDT_ADDRESS_LIMIT })}
                </p>
                {add ?? <Notice>{t('usdt_limit_reached', { max: USDT_ADDRESS_LIMIT })}</Notice>}
              </>
            );
          }}
        </LoadingGate>
      </div>
    </main>
  );
}
