// Live room state of the games: the shared live hook (games/live/use-live-room: server-sent events
// with a polling fallback), plus what a new result means here: the player's bets of the game and
// the room's draw history are refreshed.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { historyKey, ordersKey } from '@/features/games/quick/api/keys';
import type { Game } from '@/features/games/quick/games';
import { openEventSource, useLiveRoom, type OpenStream } from '@/features/games/live/use-live-room';

export function useRoomLive(room: string, game: Game, open: OpenStream = openEventSource) {
  const queryClient = useQueryClient();
  const onResult = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ordersKey(game) });
    void queryClient.invalidateQueries({ queryKey: historyKey(room) });
  }, [queryClient, game, room]);
  return useLiveRoom(room, game, open, onResult);
}
