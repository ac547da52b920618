// The draw-fairness view (seed, chain link, values, a "verify" button) belongs to features/fair.
// Features never import each other, so the app hands that component to the cc pages through
// this slot (see `fairnessLayout` in app/router.tsx); without it the pages simply omit it.
import { createContext, Suspense, useContext, type ComponentType } from 'react';
import { Outlet } from 'react-router';

export type DrawFairnessProps = { room: string; issue: string; seed: string; previous: string; commitment: string; values: unknown };
export type FairnessView = ComponentType<DrawFairnessProps>;

export const FairnessSlot = createContext<FairnessView | null>(null);

/** A layout route element that provides `view` to the cc pages below it. */
export function fairnessLayout(view: FairnessView): ComponentType {
  return function CcLayout() {
    return (
      <FairnessSlot value={view}>
        <Outlet />
      </FairnessSlot>
    );
  };
}

/** Whether the app provided a fairness view. */
export const useHasFairness = (): boolean => useContext(FairnessSlot) !== null;

/** The fairness view of one draw (loaded on demand), or nothing when none is provided. */
export function Fairness(props: DrawFairnessProps) {
  const View = useContext(FairnessSlot);
  if (View === null) return null;
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
