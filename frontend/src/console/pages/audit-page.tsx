// /audit?actor=&action=&target=&player=&since=&until=&before=: the audit log, for
// audit:log:read. The filters live in the URL (each change a history entry, so Back returns to
// the last view); the table is the server's page of 50, newest first, "Older" the next page by
// the oldest record shown and "Newest" the first again. A record's "Details" opens a row below
// it: its arguments, and the target's snapshots before and after as a table of the fields that
// differ (every field on a toggle).
import { Fragment, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import fieldStyles from '@/components/field.module.css';
import { LoadingView } from '@/components/loading';
import {
  AUDIT_FILTER_KEYS,
  auditParams,
  useAudit,
  type AuditFilter,
  type AuditOrigin,
  type AuditPage as Page,
  type AuditRecord,
} from '@/console/api/audit';
import { useText, type TextKey } from '@/console/i18n/i18n';
import { diff, flatten, leafText, type Change, type Json } from '@/console/lib/json-diff';
import { AUDIT_READ, may, PLAYER_READ } from '@/console/lib/may';
import { describeRefusal } from '@/console/lib/refusal';
import { useSessionState } from '@/console/lib/session';
import { ErrorAlert } from '@/console/parts/messages';
import { RequirePermission } from '@/console/parts/require-permission';
import { TextField } from '@/console/parts/text-field';
import own from '@/console/pages/audit-page.module.css';
import styles from '@/console/pages/pages.module.css';
import { formatDateTime } from '@/lib/time';

/** Longest text sent for a filter. */
export const FILTER_CHARS_MAX = 64;

/** The page's words for the refusals of its filters. */
const AUDIT_REFUSALS: Record<string, TextKey> = {
  bad_params: 'audit_refused_bad_params',
  not_found: 'audit_refused_player',
};

/** Targets whose id is a player's: they link to his page. */
const PLAYER_TARGETS = new Set(['user', 'wallet']);

export function AuditPage() {
  return (
    <RequirePermission permission={AUDIT_READ} title="audit_title" refusal="audit_no_permission">
      <AuditLog />
    </RequirePermission>
  );
}

const NO_FILTER: AuditFilter = {
  actor: '',
  action: '',
  target: '',
  player: '',
  since: '',
  until: '',
  before: '',
};

/** The filters of the URL, and how to change them (each change is a history entry). */
function useUrlFilter() {
  const [params, setParams] = useSearchParams();
  const filter = { ...NO_FILTER };
  for (const key of AUDIT_FILTER_KEYS) filter[key] = (params.get(key) ?? '').trim();
  const go = (next: AuditFilter) => setParams(auditParams(next));
  return { filter, go };
}

/** The form's fields: the target split into its kind and id. */
type Typed = Omit<AuditFilter, 'target' | 'before'> & { kind: string; id: string };

function typedOf(filter: AuditFilter): Typed {
  const [kind = '', ...rest] = filter.target.split(':');
  return {
    actor: filter.actor,
    action: filter.action,
    kind,
    id: rest.join(':'),
    player: filter.player,
    since: filter.since,
    until: filter.until,
  };
}

type Problems = { id?: TextKey; until?: TextKey };

function problemsOf(typed: Typed): Problems {
  const problems: Problems = {};
  if (typed.id.trim() !== '' && typed.kind === '') problems.id = 'v_audit_target_id';
  if (typed.since !== '' && typed.until !== '' && typed.until < typed.since)
    problems.until = 'v_audit_until';
  return problems;
}

function AuditLog() {
  const { t } = useText();
  const { filter, go } = useUrlFilter();
  const query = useAudit(filter);
  const data = query.data;
  // The kinds of the last answer; the URL's own kind until the first comes.
  const [kinds, setKinds] = useState<string[]>([]);
  useEffect(() => {
    if (data !== undefined) setKinds(data.kinds);
  }, [data]);

  return (
    <>
      <h1 className={styles.title}>{t('audit_title')}</h1>
      <FilterForm
        key={auditParams({ ...filter, before: '' }).toString()}
        filter={filter}
        kinds={kinds}
        onApply={(next) => go({ ...next, before: '' })}
      />
      {query.isError ? (
        <ErrorAlert testId="audit-error">{describeRefusal(query.error, AUDIT_REFUSALS)}</ErrorAlert>
      ) : null}
      {data === undefined ? (
        query.isError ? null : (
          <LoadingView label={t('loading')} />
        )
      ) : (
        <Records
          data={data}
          filter={filter}
          onNewest={() => go({ ...filter, before: '' })}
          onOlder={(before) => go({ ...filter, before: String(before) })}
        />
      )}
    </>
  );
}

function FilterForm({
  filter,
  kinds,
  onApply,
}: {
  filter: AuditFilter;
  kinds: string[];
  onApply: (filter: AuditFilter) => void;
}) {
  const { t } = useText();
  const [typed, setTyped] = useState<Typed>(() => typedOf(filter));
  const [shown, setShown] = useState<Problems>({});
  const set = (field: keyof Typed) => (value: string) => {
    setTyped((before) => ({ ...before, [field]: value }));
    setShown({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(typed);
    setShown(problems);
    if (problems.id !== undefined || problems.until !== undefined) return;
    const id = typed.id.trim();
    onApply({
      actor: typed.actor.trim(),
      action: typed.action.trim(),
      target: typed.kind === '' ? '' : id === '' ? typed.kind : `${typed.kind}:${id}`,
      player: typed.player.trim(),
      since: typed.since,
      until: typed.until,
      before: '',
    });
  };
  const choices = kinds.includes(typed.kind) || typed.kind === '' ? kinds : [typed.kind, ...kinds];
  const anyFilter = Object.values(typedOf(filter)).some((value) => value !== '');

  return (
    <form
      role="search"
      className={`${styles.card} ${own.filters}`}
      aria-label={t('audit_filters')}
      onSubmit={submit}
      noValidate
    >
      <TextField
        label={t('audit_actor')}
        hint={t('audit_actor_hint')}
        value={typed.actor}
        onChange={set('actor')}
        maxLength={FILTER_CHARS_MAX}
        autoComplete="off"
      />
      <TextField
        label={t('audit_action')}
        hint={t('audit_action_hint')}
        value={typed.action}
        onChange={set('action')}
        maxLength={FILTER_CHARS_MAX}
        autoComplete="off"
        spellCheck={false}
      />
      <KindSelect value={typed.kind} kinds={choices} onChange={set('kind')} />
      <TextField
        label={t('audit_target_id')}
        value={typed.id}
        onChange={set('id')}
        maxLength={FILTER_CHARS_MAX}
        autoComplete="off"
        error={shown.id === undefined ? undefined : t(shown.id)}
      />
      <TextField
        label={t('audit_player')}
        hint={t('audit_player_hint')}
        value={typed.player}
        onChange={set('player')}
        maxLength={FILTER_CHARS_MAX}
        autoComplete="off"
      />
      <TextField label={t('audit_since')} type="date" value={typed.since} onChange={set('since')} />
      <TextField
        label={t('audit_until')}
        type="date"
        value={typed.until}
        onChange={set('until')}
        error={shown.until === undefined ? undefined : t(shown.until)}
      />
      <div className={own.filterActions}>
        <Button type="submit">{t('audit_apply')}</Button>
        {anyFilter ? (
          <Button variant="ghost" onClick={() => onApply({ ...NO_FILTER })}>
            {t('audit_clear')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The target kind: any, or one of the server's. */
function KindSelect({
  value,
  kinds,
  onChange,
}: {
  value: string;
  kinds: string[];
  onChange: (value: string) => void;
}) {
  const { t } = useText();
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <div className={fieldStyles.label}>
        <label htmlFor={id}>{t('audit_target_kind')}</label>
      </div>
      <div className={fieldStyles.control}>
        <select
          id={id}
          className={`${fieldStyles.input} ${fieldStyles.select}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t('audit_target_any')}</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function Records({
  data,
  filter,
  onNewest,
  onOlder,
}: {
  data: Page;
  filter: AuditFilter;
  onNewest: () => void;
  onOlder: (before: number) => void;
}) {
  const { t } = useText();
  const [open, setOpen] = useState<number | null>(null);
  const filtered = Object.entries(filter).some(([key, value]) => key !== 'before' && value !== '');
  const COLUMNS = 6;

  return (
    <section className={styles.card} aria-label={t('audit_table')}>
      <p className={styles.lead} data-testid="audit-summary">
        {t('audit_summary', { n: data.list.length })}
        {filter.before === '' ? null : <> {t('audit_summary_older', { id: filter.before })}</>}
      </p>
      {data.list.length === 0 ? (
        <p className={styles.empty}>
          {filtered || filter.before !== '' ? t('audit_empty') : t('audit_empty_all')}
        </p>
      ) : (
        <DataTable label={t('audit_table')} testId="audit">
          <thead>
            <tr>
              <th scope="col">{t('col_time')}</th>
              <th scope="col">{t('audit_col_actor')}</th>
              <th scope="col">{t('audit_col_action')}</th>
              <th scope="col">{t('audit_col_target')}</th>
              <th scope="col">{t('audit_col_outcome')}</th>
              <th scope="col">{t('audit_col_detail')}</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((record) => {
              const isOpen = open === record.id;
              const detailId = `audit-detail-${record.id}`;
              return (
                <Fragment key={record.id}>
                  <tr
                    className={isOpen ? own.openRow : undefined}
                    data-testid={`audit-row-${record.id}`}
                  >
                    <td>
                      <Time at={record.at} split />
                    </td>
                    <td>
                      <span className={own.actor}>
                        <span className={own.actorName}>{record.actor}</span>
                        <span className={own.origin}>
                          <OriginShort origin={record.os_identity} />
                        </span>
                      </span>
                    </td>
                    <td className={own.name}>{record.action}</td>
                    <td>
                      <Target record={record} />
                    </td>
                    <td>
                      <Outcome record={record} />
                    </td>
                    <td>
                      <Button
                        variant="ghost"
                        size="small"
                        className={own.toggleButton}
                        aria-expanded={isOpen}
                        aria-controls={isOpen ? detailId : undefined}
                        aria-label={t('audit_show_label', { id: record.id })}
                        throttleMs={0}
                        onClick={() => setOpen(isOpen ? null : record.id)}
                      >
                        {isOpen ? t('audit_hide') : t('audit_show')}
                      </Button>
                    </td>
                  </tr>
                  {isOpen ? (
                    <tr id={detailId} className={own.openRow}>
                      <td colSpan={COLUMNS} className={own.detailCell}>
                        <Detail record={record} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </DataTable>
      )}
      <nav className={own.paging} aria-label={t('audit_paging')}>
        <Button variant="ghost" size="small" disabled={filter.before === ''} onClick={onNewest}>
          {t('audit_newest')}
        </Button>
        <Button
          variant="ghost"
          size="small"
          disabled={data.next_before === null}
          onClick={() => {
            if (data.next_before !== null) onOlder(data.next_before);
          }}
        >
          {t('audit_older')}
        </Button>
      </nav>
    </section>
  );
}

/** An RFC 3339 time in the staff member's own time zone; `split` may wrap between the day
 * and the time of day (a narrow table), never inside either. */
function Time({ at, split = false }: { at: string; split?: boolean }) {
  const ms = Date.parse(at);
  const shown = Number.isNaN(ms) ? at : formatDateTime(ms / 1000);
  if (!split) return <time dateTime={at}>{shown}</time>;
  const [day, clock] = shown.split(' ');
  return (
    <time dateTime={at} className={own.time}>
      <span>{day}</span> <span>{clock}</span>
    </time>
  );
}

type Origin =
  | { kind: 'console'; staff: number; session: number; address: string }
  | { kind: 'shell'; uid: number; user: string | null }
  | { kind: 'unknown' };

function originOf(origin: AuditOrigin): Origin {
  if ('console' in origin && typeof origin.console === 'object' && origin.console !== null) {
    const { staff_id, session_id, address } = origin.console;
    return { kind: 'console', staff: staff_id, session: session_id, address };
  }
  if ('uid' in origin && typeof origin.uid === 'number') {
    const user = origin.sudo_user ?? origin.logname ?? null;
    return { kind: 'shell', uid: origin.uid, user };
  }
  return { kind: 'unknown' };
}

function OriginShort({ origin }: { origin: AuditOrigin }) {
  const { t } = useText();
  const seen = originOf(origin);
  if (seen.kind === 'console') return t('audit_origin_console', { address: seen.address });
  if (seen.kind === 'shell')
    return seen.user === null
      ? t('audit_origin_shell', { uid: seen.uid })
      : t('audit_origin_shell_user', { user: seen.user, uid: seen.uid });
  return t('audit_origin_unknown');
}

function OriginFull({ origin }: { origin: AuditOrigin }) {
  const { t } = useText();
  const seen = originOf(origin);
  if (seen.kind === 'console')
    return t('audit_origin_console_full', {
      session: seen.session,
      staff: seen.staff,
      address: seen.address,
    });
  return <OriginShort origin={origin} />;
}

/** KIND:ID; a player's account or wallet links to his page. */
function Target({ record }: { record: AuditRecord }) {
  const { session } = useSessionState();
  const id = record.target_id;
  const label = id === null ? record.target_kind : `${record.target_kind}:${id}`;
  if (
    id !== null &&
    /^\d+$/.test(id) &&
    PLAYER_TARGETS.has(record.target_kind) &&
    may(session?.permissions ?? [], PLAYER_READ)
  )
    return (
      <Link to={`/players/${id}`} className={own.name}>
        {label}
      </Link>
    );
  return <span className={own.name}>{label}</span>;
}

function Outcome({ record }: { record: AuditRecord }) {
  const { t } = useText();
  if (record.outcome === 'ok') return <Badge tone="ok">{t('audit_outcome_ok')}</Badge>;
  return (
    <span className={own.outcome}>
      <Badge tone="wait">{t('audit_outcome_refused')}</Badge>
      {record.message === '' ? null : <span className={own.refusal}>{record.message}</span>}
    </span>
  );
}

function Detail({ record }: { record: AuditRecord }) {
  const { t } = useText();
  const headingId = useId();
  return (
    <section className={own.detail} aria-labelledby={headingId} data-testid="audit-detail">
      <h2 id={headingId}>{t('audit_detail_title', { id: record.id, action: record.action })}</h2>
      <dl className={own.facts}>
        <dt>{t('audit_fact_time')}</dt>
        <dd>
          <Time at={record.at} /> <span className={own.origin}>({record.at})</span>
        </dd>
        <dt>{t('audit_fact_origin')}</dt>
        <dd>
          <OriginFull origin={record.os_identity} />
        </dd>
        {record.message === '' ? null : (
          <>
            <dt>{t('audit_fact_message')}</dt>
            <dd>{record.message}</dd>
          </>
        )}
      </dl>
      <Arguments record={record} />
      <Changes record={record} />
    </section>
  );
}

function Arguments({ record }: { record: AuditRecord }) {
  const { t } = useText();
  const leaves = [...flatten(record.arguments)];
  return (
    <>
      <h3>{t('audit_arguments')}</h3>
      {leaves.length === 0 ? (
        <p className={styles.empty}>{t('audit_arguments_none')}</p>
      ) : (
        <DataTable label={t('audit_arguments_table', { id: record.id })} testId="audit-arguments">
          <thead>
            <tr>
              <th scope="col">{t('audit_col_path')}</th>
              <th scope="col">{t('audit_col_value')}</th>
            </tr>
          </thead>
          <tbody>
            {leaves.map(([path, value]) => (
              <tr key={path}>
                <th scope="row" className={own.code}>
                  {path}
                </th>
                <td className={own.value}>{leafText(value)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}

const CHANGE_TEXT: Record<Exclude<Change, 'same'>, TextKey> = {
  changed: 'audit_change_changed',
  added: 'audit_change_added',
  removed: 'audit_change_removed',
};
const CHANGE_TONE = { changed: 'wait', added: 'ok', removed: 'bad' } as const;

function Changes({ record }: { record: AuditRecord }) {
  const { t } = useText();
  const [every, setEvery] = useState(false);
  const rows = diff(record.before, record.after);
  const shown = every ? rows : rows.filter((row) => row.change !== 'same');
  const value = (side: Json | undefined) =>
    side === undefined ? <span className={own.absent}>{t('audit_absent')}</span> : leafText(side);

  return (
    <>
      <div className={own.changesHead}>
        <h3>{t('audit_changes')}</h3>
        {rows.length === 0 ? null : (
          <label className={own.toggle}>
            <input
              type="checkbox"
              checked={every}
              onChange={(event) => setEvery(event.target.checked)}
            />
            {t('audit_show_all')}
          </label>
        )}
      </div>
      {rows.length === 0 ? (
        <p className={styles.empty}>{t('audit_no_snapshot')}</p>
      ) : shown.length === 0 ? (
        <p className={styles.empty}>{t('audit_no_change')}</p>
      ) : (
        <DataTable label={t('audit_changes_table', { id: record.id })} fixed testId="audit-diff">
          <thead>
            <tr>
              <th scope="col">{t('audit_col_path')}</th>
              <th scope="col">{t('audit_col_before')}</th>
              <th scope="col">{t('audit_col_after')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.path} className={own.diffRow} data-change={row.change}>
                <th scope="row">
                  <span className={own.pathCell}>
                    <span className={own.code}>{row.path}</span>
                    {row.change === 'same' ? null : (
                      <Badge tone={CHANGE_TONE[row.change]}>{t(CHANGE_TEXT[row.change])}</Badge>
                    )}
                  </span>
                </th>
                <td className={own.value}>{value(row.before)}</td>
                <td className={own.value}>{value(row.after)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}
