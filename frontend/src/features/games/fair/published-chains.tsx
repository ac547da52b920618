// The room's published seed chains (GET api/fair/chains), shown on the "check this draw" card:
// each segment's commitment, first issue, seed index, period and publication time, which one is
// in force, which start later and which were retired before any draw.
import { Button } from '@/components/button';
import styles from '@/features/games/fair/draw-fairness.module.css';
import {
  chainStatuses,
  useFairChains,
  type ChainStatus,
  type FairChain,
} from '@/features/games/fair/api/chains';
import { useI18n } from '@/i18n/i18n';
import { formatDateTime, serverNow } from '@/lib/time';

export function PublishedChains({ room }: { room: string }) {
  const { t } = useI18n();
  const chains = useFairChains(room, true);
  if (chains.isPending) return <p className={styles.note}>{t('loading')}</p>;
  if (chains.isError) {
    return (
      <div className={styles.chainsState}>
        <p className={styles.note}>{t('load_failed')}</p>
        <Button variant="secondary" onClick={() => void chains.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const { list } = chains.data;
  if (list.length === 0) return <p className={styles.note}>{t('fair_chains_empty')}</p>;
  const statuses = chainStatuses(list, serverNow());
  return (
    <ol className={styles.chains} data-testid="fair-chains">
      {list.map((chain, index) => (
        <ChainItem key={chain.segment_id} chain={chain} status={statuses[index] ?? 'earlier'} />
      ))}
    </ol>
  );
}

function ChainItem({ chain, status }: { chain: FairChain; status: ChainStatus }) {
  const { t } = useI18n();
  const label = {
    in_force: t('fair_chain_in_force'),
    ahead: t('fair_chain_starts', { time: formatDateTime(chain.starts_at ?? chain.created_at) }),
    retired: t('fair_chain_retired'),
    earlier: t('fair_chain_earlier'),
  }[status];
  return (
    <li
      className={styles.chain}
      data-testid="fair-chain"
      data-status={status}
      data-segment={chain.segment_id}
    >
      <span className={styles.chainStatus} data-status={status}>
        {label}
      </span>
      <dl className={styles.chainFacts}>
        <div className={styles.chainCommitment}>
          <dt>{t('fair_chain_commitment')}</dt>
          <dd>
            <code className={styles.hex} data-testid="fair-chain-commitment">
              {chain.commitment}
            </code>
          </dd>
        </div>
        <div>
          <dt>{t('fair_chain_first_issue')}</dt>
          <dd data-testid="fair-chain-first-issue">{chain.first_issue}</dd>
        </div>
        <div>
          <dt>{t('fair_chain_index')}</dt>
          <dd>{chain.first_index}</dd>
        </div>
        <div>
          <dt>{t('fair_chain_period')}</dt>
          <dd>{t('fair_chain_period_secs', { seconds: chain.period_secs })}</dd>
        </div>
        <div>
          <dt>{t('fair_chain_created')}</dt>
          <dd>{formatDateTime(chain.created_at)}</dd>
        </div>
      </dl>
    </li>
  );
}
