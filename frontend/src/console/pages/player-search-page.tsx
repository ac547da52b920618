// /players?q=TEXT&page=N: the player desk's search. The query and the page live in the URL, so
// Back returns to the last search; the server matches the text against ids, phones, login
// names and invite codes (one page of at most 50), or without one pages through everyone,
// oldest first. A row opens the player (his id is the link).
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { LoadingView } from '@/components/loading';
import { usePlayers, type PlayersPage } from '@/console/api/players';
import { useText } from '@/console/i18n/i18n';
import { PLAYER_READ } from '@/console/lib/may';
import { describeRefusal } from '@/console/lib/refusal';
import { ErrorAlert } from '@/console/parts/messages';
import { QueuePaging } from '@/console/parts/queue-paging';
import { RequirePermission } from '@/console/parts/require-permission';
import { TextField } from '@/console/parts/text-field';
import styles from '@/console/pages/pages.module.css';
import { formatDateTime } from '@/lib/time';
import { openRow } from '@/console/lib/open-row';

/** Longest search text sent. */
export const SEARCH_CHARS_MAX = 64;

export function PlayerSearchPage() {
  return (
    <RequirePermission
      permission={PLAYER_READ}
      title="players_title"
      refusal="players_no_permission"
    >
      <PlayerSearch />
    </RequirePermission>
  );
}

/** The search and page of the URL, and how to change them (each change is a history entry). */
function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const go = (next: { q: string; page: number }) => {
    const wanted: Record<string, string> = {};
    if (next.q !== '') wanted.q = next.q;
    if (next.page > 1) wanted.page = String(next.page);
    setParams(wanted);
  };
  return { q, page: Number.isSafeInteger(page) && page >= 1 ? page : 1, go };
}

function PlayerSearch() {
  const { t } = useText();
  const { q, page, go } = useUrlSearch();
  const [typed, setTyped] = useState(q);
  // Back and Forward change the URL's search: the box follows it.
  useEffect(() => setTyped(q), [q]);
  const players = usePlayers(q, page);
  const data = players.data;

  return (
    <>
      <h1 className={styles.title}>{t('players_title')}</h1>
      <form
        role="search"
        className={styles.searchForm}
        aria-label={t('players_search_label')}
        onSubmit={(event) => {
          event.preventDefault();
          go({ q: typed.trim(), page: 1 });
        }}
      >
        <TextField
          label={t('players_search_label')}
          hint={t('players_search_hint')}
          value={typed}
          onChange={setTyped}
          maxLength={SEARCH_CHARS_MAX}
          type="search"
          autoComplete="off"
        />
        <Button type="submit">{t('players_search_submit')}</Button>
      </form>
      {players.isError ? <ErrorAlert>{describeRefusal(players.error)}</ErrorAlert> : null}
      {data === undefined ? (
        players.isError ? null : (
          <LoadingView label={t('loading')} />
        )
      ) : (
        <Results data={data} q={q} onPage={(next) => go({ q, page: next })} />
      )}
    </>
  );
}

function Results({
  data,
  q,
  onPage,
}: {
  data: PlayersPage;
  q: string;
  onPage: (page: number) => void;
}) {
  const { t } = useText();
  const navigate = useNavigate();
  const none = t('none');

  return (
    <section className={styles.card} aria-label={t('players_table')}>
      <p className={styles.lead} data-testid="players-summary">
        {q === ''
          ? t('players_summary_all', { n: data.total })
          : t('players_summary_search', { n: data.total, q })}
      </p>
      {data.list.length === 0 ? (
        <p className={styles.empty}>{q === '' ? t('players_empty') : t('players_none_match')}</p>
      ) : (
        <DataTable label={t('players_table')} testId="players">
          <thead>
            <tr>
              <th scope="col">{t('col_id')}</th>
              <th scope="col">{t('col_phone')}</th>
              <th scope="col">{t('col_login_name')}</th>
              <th scope="col" data-align="end">
                {t('col_vip')}
              </th>
              <th scope="col">{t('col_roles')}</th>
              <th scope="col">{t('col_status')}</th>
              <th scope="col">{t('col_created')}</th>
              <th scope="col">{t('col_last_login')}</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((player) => (
              // The whole row opens the player for a pointer; the id's link for a keyboard.
              <tr
                key={player.id}
                className={styles.row}
                onClick={openRow(navigate, `/players/${player.id}`)}
              >
                <td>
                  <Link
                    to={`/players/${player.id}`}
                    className={styles.rowLink}
                    aria-label={t('player_title_id', { id: player.id })}
                  >
                    {player.id}
                  </Link>
                </td>
                <td className={styles.number}>{player.phone}</td>
                <td>{player.username ?? none}</td>
                <td data-align="end">{player.vip_level}</td>
                <td>{player.roles.length === 0 ? none : player.roles.join(', ')}</td>
                <td>
                  {player.frozen ? (
                    <Badge tone="bad">{t('frozen')}</Badge>
                  ) : (
                    <Badge tone="ok">{t('active')}</Badge>
                  )}
                </td>
                <td className={styles.number}>{formatDateTime(player.created_at)}</td>
                <td className={styles.number}>
                  {player.last_login_at === null ? none : formatDateTime(player.last_login_at)}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {q === '' ? <QueuePaging data={data} onPage={onPage} /> : null}
    </section>
  );
}
