// GET api/audit?actor=&action=&target=&player=&since=&until=&before=: the audit log, newest
// first, 50 a page (`before` an audit id: the records older than it). `action` is a prefix
// (`deposit.`), `target` KIND or KIND:ID, `player` an id, phone or login name (every record of
// his account, wallet, deposits, withdrawals and adjustments), `since` / `until` days
// (YYYY-MM-DD, `until` included). The same log as `fairhall admin audit`.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/console/lib/api';
import type { Json } from '@/console/lib/json-diff';

/** Where a change was made: the console (its session and address) or a shell on the server;
 * `{}` for records older than the origin's column. */
export type AuditOrigin =
  | { console: { staff_id: number; session_id: number; address: string } }
  | { uid: number; sudo_user?: string; logname?: string }
  | Record<string, never>;

export type AuditRecord = {
  id: number;
  /** RFC 3339, UTC. */
  at: string;
  actor: string;
  os_identity: AuditOrigin;
  action: string;
  target_kind: string;
  target_id: string | null;
  arguments: Json;
  before: Json;
  after: Json;
  outcome: 'ok' | 'refused';
  message: string;
};

export type AuditPage = {
  list: AuditRecord[];
  /** `before` of the next (older) page; null on the last. */
  next_before: number | null;
  /** The target kinds, for the filter's choice. */
  kinds: string[];
};

/** The filters as the URL and the API name them; '' is no filter. */
export type AuditFilter = {
  actor: string;
  action: string;
  target: string;
  player: string;
  since: string;
  until: string;
  before: string;
};

export const AUDIT_FILTER_KEYS = [
  'actor',
  'action',
  'target',
  'player',
  'since',
  'until',
  'before',
] as const satisfies readonly (keyof AuditFilter)[];

export const auditKey = (filter: AuditFilter) => ['console', 'audit', filter] as const;

/** The query string of `filter`: only the filters set. */
export function auditParams(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) if (filter[key] !== '') params.set(key, filter[key]);
  return params;
}

export function fetchAudit(filter: AuditFilter): Promise<AuditPage> {
  const query = auditParams(filter).toString();
  return api.get<AuditPage>(query === '' ? 'audit' : `audit?${query}`);
}

export function useAudit(filter: AuditFilter) {
  return useQuery({
    queryKey: auditKey(filter),
    queryFn: () => fetchAudit(filter),
    placeholderData: keepPreviousData,
  });
}
