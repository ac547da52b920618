// What the account and withdrawal pages show of the player's deposit bonuses still waiting for
// play (granted, not yet his to stake or withdraw), so he sees what is bonus and what is his own
// money. The app provides the view (growth's) through the slot, see `bonusLayout` in
// app/router.tsx; without one the pages simply omit it.
import { viewSlot } from '@/lib/view-slot';

const slot = viewSlot();

export const bonusLayout = slot.layout;

/** The provided view of the bonuses waiting for play (loaded on demand), or nothing. */
export function PendingBonus() {
  return <slot.Render fallback={null} />;
}
