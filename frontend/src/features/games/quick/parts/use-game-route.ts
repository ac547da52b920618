import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { locate, roomFrom, type Game, type PageKind } from '@/features/games/quick/games';

/** The game, page kind and room of the current pages/cc route; RGB's room lives in `?room=`. */
export function useGameRoute(): {
  game: Game;
  page: PageKind;
  room: string;
  setRoom: (room: string) => void;
} {
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const place = locate(pathname) ?? { game: 'k3', page: 'index' };
  const setRoom = useCallback(
    (room: string) => setSearch({ room }, { replace: true }),
    [setSearch],
  );
  return { game: place.game, page: place.page, room: roomFrom(place.game, search), setRoom };
}
