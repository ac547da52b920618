import { useQuery } from '@tanstack/react-query';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export const teamKey = ['team'] as const;

/** One level of the team (1-3), or the whole team (level 0). */
export type TeamFigures = {
  level: number;
  people: number;
  recharge: MoneyText;
  bets: MoneyText;
  withdrawals: MoneyText;
  /** The commissions the player earned on this level's bets. */
  bonus: MoneyText;
};

export type TeamSummary = {
  invite_code: string;
  /** The register page with the code, e.g. "/#/pages/login/reg?code=AB12CD"; the app adds its origin. */
  invite_path: string;
  levels: TeamFigures[];
  total: TeamFigures;
};

export type TeamLevel = 1 | 2 | 3;

export type TeamMember = {
  /** Masked: "138****5678". */
  phone: string;
  level: TeamLevel;
  joined_at: number;
  recharge: MoneyText;
  bets: MoneyText;
};

/** The invite link: this app's origin and path with the register page and code. */
export function inviteLink(summary: TeamSummary, location: Location = window.location): string {
  return `${location.origin}${location.pathname.replace(/\/$/, '')}${summary.invite_path}`;
}

/** GET api/team/index — the player's invite code and link, and his team per level and in total. */
export function useTeam() {
  return useQuery({
    queryKey: [...teamKey, 'index'],
    queryFn: () => api.get<TeamSummary>('api/team/index'),
    staleTime: 10_000,
  });
}

/** GET api/team/members — one level's members, newest first. */
export function useTeamMembers(level: TeamLevel) {
  return usePaged([...teamKey, 'members', level], (page, limit) =>
    api.get<Paged<TeamMember>>('api/team/members', { level, page, limit }),
  );
}
