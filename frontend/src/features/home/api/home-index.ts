// GET api/index/index: the home page's one call (the player, his balances, the banners, the
// announcements, his unread count, the entries and what is new on each). Refetched on every visit: it shows money.
import { useQuery } from '@tanstack/react-query';
import { useToken } from '@/hooks/use-session';
import { api } from '@/lib/api';
import type { Announcement } from '@/components/announcement-ticker';
import type { Banner } from '@/components/banner-carousel';
import type { MoneyText } from '@/lib/money';

export const homeKey = ['home', 'index'] as const;

export type HomeRoom = {
  room: string;
  game: string;
  issue: string;
  close_at: number;
  draw_at: number;
  period_secs: number;
  is_open: boolean;
  entry_min: MoneyText;
};

export type HomeGame = { game: string; taking_bets: number; rooms: HomeRoom[] };

export type HomeIndex = {
  now: number;
  player: { nickname: string; username: string; phone: string; avatar: string };
  balances: {
    balance: MoneyText;
    game_balance: MoneyText;
    savings: MoneyText;
    invest: MoneyText;
    frozen: MoneyText;
  };
  /** The carousel, in the operator's order, in the reader's language. */
  banners: Banner[];
  /** The scrolling line: pinned first, then newest first. */
  announcements: Announcement[];
  /** Messages and announcements not opened yet. */
  unread: number;
  entries: {
    /** `yn28` is the trading hall. */
    games: HomeGame[];
    products: { on_sale: number; new: number };
    vip: { level: number; next_level: number | null; upgrade_near: boolean };
    invite: { invite_code: string; invitees: number; joined_recently: number };
    signin: { offered: boolean; signed_today: boolean; streak: number };
    tasks: { open: number; ready: number };
    envelopes: { waiting: number };
    activities: { new: number };
  };
};

export const fetchHomeIndex = () => api.get<HomeIndex>('api/index/index');

export function useHomeIndex() {
  const token = useToken();
  return useQuery({
    queryKey: homeKey,
    queryFn: fetchHomeIndex,
    enabled: token !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
