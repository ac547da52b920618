// A place on a page that another feature fills: the app provides the view as a layout route
// (app/router.tsx), so a feature's page shows another's part without importing it (features
// never import each other). Without a provider the page shows the fallback.
import { createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';
import { Outlet } from 'react-router';

export type ViewSlot = {
  /** A layout route element that provides `view` to the pages below it. */
  layout: (view: ComponentType) => ComponentType;
  /** The provided view (loaded on demand), or `fallback`. */
  Render: (props: { fallback: ReactNode }) => ReactNode;
};

export function viewSlot(): ViewSlot {
  const Provided = createContext<ComponentType | null>(null);
  return {
    layout: (view) =>
      function SlotLayout() {
        return (
          <Provided value={view}>
            <Outlet />
          </Provided>
        );
      },
    Render: function SlotView({ fallback }) {
      const View = useContext(Provided);
      if (View === null) return fallback;
      return (
        <Suspense fallback={fallback}>
          <View />
        </Suspense>
      );
    },
  };
}
