// pages/yn28/game/roominfo: with ?room=<region>_<tier> the tier room, without it the hall.
import { useSearchParams } from 'react-router';
import { parseRoom } from '@/features/games/yn28/model';
import { HallView } from '@/features/games/yn28/pages/hall';
import { RoomView } from '@/features/games/yn28/pages/room';

export function Component() {
  const [search] = useSearchParams();
  const room = search.get('room');
  const parsed = parseRoom(room);
  if (parsed === null || room === null || !room.includes('_')) return <HallView />;
  return <RoomView key={room} room={room} />;
}
