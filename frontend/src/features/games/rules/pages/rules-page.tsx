// pages/cc/rules?room=<room>: a room's rules and odds from its live configuration: for every
// option its odds, its exact chance and its return to player (RTP), computed by the server by
// settling every possible draw; the bet limits, the schedule and how draws are made and checked.
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '@/components/data-table';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import { roomLabel, optionLabel } from '@/features/games/parts/game-labels';
import { say } from '@/features/games/parts/text';
import { ruleNotes, type RuleSwitches } from '@/features/games/parts/rule-notes';
import { describeRule, specialRules } from '@/features/games/parts/special-rules';
import {
  useRoomRules,
  type Exact,
  type RulesPage as RulesReply,
  type RulesGroup,
  type RulesOption,
} from '@/features/games/rules/api/room-rules';
import { groupTitle, verifyUrl } from '@/features/games/rules/model';
import styles from '@/features/games/rules/rules.module.css';
import { useI18n, type Translate } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t, lang } = useI18n();
  const [search] = useSearchParams();
  const room = search.get('room') ?? 'k3';
  const rules = useRoomRules(room);
  return (
    <main className="page">
      <PageHeader
        title={`${roomLabel(room, t, lang)} · ${t('cc_rules')}`}
        back
        fallback={ROUTES.home}
      />
      <div className={`page-body ${styles.body}`}>
        <LoadingGate queries={[rules]} ready={rules.data !== undefined}>
          {() => <RulesView page={rules.data!} />}
        </LoadingGate>
      </div>
    </main>
  );
}

function RulesView({ page }: { page: RulesReply }) {
  const { t } = useI18n();
  return (
    <>
      <section className={`card ${styles.card}`} aria-labelledby="rules-intro">
        <h2 id="rules-intro">{t('rules_how_title')}</h2>
        <p>{t('rules_intro', { version: page.rule_version })}</p>
        <p>{t('rules_rtp_note')}</p>
        {notes(page, t).map((note, index) => (
          <p key={index}>{note}</p>
        ))}
      </section>
      {page.groups.map((group) => (
        <GroupTable key={`${group.kind}-${group.position ?? ''}`} game={page.game} group={group} />
      ))}
      <Limits page={page} />
      <Schedule page={page} />
      <Fairness page={page} />
    </>
  );
}

/** The room-wide rules in words: the quick games' notes, yn28's special rules. */
function notes(page: RulesReply, t: Translate): string[] {
  if (page.game !== 'yn28') {
    const odds = { rules: page.rules as RuleSwitches | null, service_fee_bp: page.service_fee_bp };
    return ruleNotes(page.game, odds)
      .slice(1)
      .map((note) => say(note, t));
  }
  return specialRules(page.rules).map((rule) => describeRule(rule, t));
}

function Figure({ value, testId }: { value: Exact; testId?: string }) {
  return (
    <>
      <span data-testid={testId}>{value.percent}%</span>
      <small className={styles.fraction}>{value.fraction}</small>
    </>
  );
}

function GroupTable({ game, group }: { game: string; group: RulesGroup }) {
  const { t } = useI18n();
  return (
    <section className={`card ${styles.card}`}>
      <DataTable label={groupTitle(game, group, t)} caption fixed>
        <colgroup>
          <col />
          <col className={styles.oddsCol} />
          <col className={styles.figureCol} />
          <col className={styles.figureCol} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{t('cc_rules_option')}</th>
            <th scope="col" data-align="end">
              {t('cc_rules_odds')}
            </th>
            <th scope="col" data-align="end">
              {t('rules_chance')}
            </th>
            <th scope="col" data-align="end">
              {t('rules_rtp')}
            </th>
          </tr>
        </thead>
        <tbody>
          {group.options.map((line) => (
            <OptionRow key={line.option} game={game} line={line} />
          ))}
        </tbody>
      </DataTable>
    </section>
  );
}

function OptionRow({ game, line }: { game: string; line: RulesOption }) {
  const { t } = useI18n();
  const refunds = line.refund.fraction !== '0/1';
  return (
    <tr data-code={line.option}>
      <th scope="row">
        {optionLabel(game, line.option, t)}
        <code className={styles.code}>{line.option}</code>
      </th>
      <td data-align="end" className={styles.odds}>
        {line.odds}
      </td>
      <td data-align="end">
        <Figure value={line.probability} testId={`chance-${line.option}`} />
        {line.win_reduced.map((reduced) => (
          <small key={reduced.odds} className={styles.note}>
            {t('rules_reduced', { odds: reduced.odds, percent: reduced.probability.percent })}
          </small>
        ))}
        {refunds ? (
          <small className={styles.note}>
            {t('rules_refund', { percent: line.refund.percent })}
          </small>
        ) : null}
      </td>
      <td data-align="end">
        <Figure value={line.rtp} testId={`rtp-${line.option}`} />
        {line.rtp_from_stake.map((band) => (
          <small key={band.stake_min} className={styles.note}>
            {t('rules_from_stake', { amount: band.stake_min, percent: band.rtp.percent })}
          </small>
        ))}
      </td>
    </tr>
  );
}

function Limits({ page }: { page: RulesReply }) {
  const { t } = useI18n();
  return (
    <section className={`card ${styles.card}`}>
      <DataTable label={t('yn28_limits')} caption>
        <thead>
          <tr>
            <th scope="col">{t('cc_rules_option')}</th>
            <th scope="col" data-align="end">
              {t('rules_min_bet')}
            </th>
            <th scope="col" data-align="end">
              {t('rules_max_user')}
            </th>
            <th scope="col" data-align="end">
              {t('rules_max_total')}
            </th>
            <th scope="col" data-align="end">
              {t('rules_payout_cap')}
            </th>
          </tr>
        </thead>
        <tbody>
          {page.limits.map((limits) => (
            <tr key={limits.option ?? ''}>
              <th scope="row">
                {limits.option === null
                  ? t('rules_all_options')
                  : optionLabel(page.game, limits.option, t)}
              </th>
              <td data-align="end">{limits.min_bet}</td>
              <td data-align="end">{limits.max_user}</td>
              <td data-align="end">{limits.max_total}</td>
              <td data-align="end">{limits.payout_cap}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {page.entry_min !== '0.00' ? <p>{t('rules_entry_min', { amount: page.entry_min })}</p> : null}
    </section>
  );
}

function Schedule({ page }: { page: RulesReply }) {
  const { t } = useI18n();
  const { period_secs, close_secs, timezone } = page.schedule;
  return (
    <section className={`card ${styles.card}`} aria-labelledby="rules-schedule">
      <h2 id="rules-schedule">{t('rules_schedule_title')}</h2>
      <p data-testid="rules-schedule">
        {t('rules_schedule', { period: period_secs, close: close_secs, timezone })}
      </p>
    </section>
  );
}

function Fairness({ page }: { page: RulesReply }) {
  const { t } = useI18n();
  const { fairness } = page;
  return (
    <section className={`card ${styles.card}`} aria-labelledby="rules-fairness">
      <h2 id="rules-fairness">{t('rules_fair_title')}</h2>
      <p>{t('rules_fair_chain')}</p>
      <p>{t('rules_fair_values', { message: fairness.message })}</p>
      <p>
        {t('rules_commitment')}{' '}
        <code className={styles.hash} data-testid="rules-commitment">
          {fairness.commitment ?? t('rules_no_commitment')}
        </code>
      </p>
      <p>{t('rules_verify_cli', { command: fairness.verify_command })}</p>
      <Link className={styles.link} to={verifyUrl(page.room, page.game)}>
        {t('rules_verify_link')}
      </Link>
    </section>
  );
}
