/**
 * Calls `onChange` after the page's path changes, never on the first render.
 *
 * Menus close when a navigation happens. A plain `useEffect(close, [pathname])` also runs once when the
 * component mounts, and after a time-sliced hydration the mount's effects run later than the first tap
 * can arrive: a visitor who opens a menu in that gap sees it close again at once. Comparing with the
 * path seen before keeps the mount out of it.
 */
import * as React from "react";

export function useOnPathnameChange(pathname: string, onChange: () => void): void {
  const seen = React.useRef(pathname);
  const latest = React.useRef(onChange);
  latest.current = onChange;
  React.useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    latest.current();
  }, [pathname]);
}
