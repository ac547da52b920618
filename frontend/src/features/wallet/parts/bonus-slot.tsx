// What the account and withdrawal pages show of the player's deposit bonuses still waiting for
// play (granted, not yet his to stake or withdraw), so he sees what is bonus and what is his own
// money. The app provides the view (growth's, from another feature) as a layout route, see
// `bonusLayout` in app/router.tsx; without one the pages simply omit it.
import { createContext, Suspense, useContext, type ComponentType } from 'react';
import { Outlet } from 'react-router';

export const BonusSlot = createContext<ComponentType | null>(null);

/** A layout route element that provides `view` to the pages below it. */
export function bonusLayout(view: ComponentType): ComponentType {
  return function BonusLayout() {
    return (
      <BonusSlot value={view}>
        <Outlet />
      </BonusSlot>
    );
  };
}

/** The provided view of the bonuses waiting for play (loaded on demand), or nothing. */
export function PendingBonus() {
  const View = useContext(BonusSlot);
  if (View === null) return null;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
