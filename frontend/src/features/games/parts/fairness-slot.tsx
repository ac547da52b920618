// The draw-fairness view (games/fair: seed, chain link, values, a "verify" button) reaches the
// pages that show draws (the quick games, the yn28 trading hall) through this slot, so the
// verification code stays a chunk of its own, loaded when a player opens a proof. The app
// provides the view as a layout route (see `fairnessLayout` in app/router.tsx), page tests a
// stand-in; without one the pages simply omit it.
import { createContext, Suspense, useContext, type ComponentType } from 'react';
import { Outlet } from 'react-router';
import { useFairDraw, type FairDraw } from '@/features/games/api/fair-draw';
import { useI18n } from '@/i18n/i18n';

/** What the fairness view shows: a drawn period's proof as `api/fair/draw` returns it. */
export type DrawFairnessProps = FairDraw;
export type FairnessView = ComponentType<DrawFairnessProps>;

export const FairnessSlot = createContext<FairnessView | null>(null);

/** A layout route element that provides `view` to the pages below it. */
export function fairnessLayout(view: FairnessView): ComponentType {
  return function FairnessLayout() {
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

/**
 * The proof of a drawn period fetched now (GET api/fair/draw, render it only once the player
 * opens it), then shown in the fairness view; `className` styles the loading / failed line.
 */
export function DrawProof({
  room,
  issue,
  className,
}: {
  room: string;
  issue: string;
  className?: string;
}) {
  const { t } = useI18n();
  const draw = useFairDraw(room, issue, true);
  if (draw.data === undefined)
    return <p className={className}>{draw.isError ? t('load_failed') : t('loading')}</p>;
  return <Fairness {...draw.data} />;
}
