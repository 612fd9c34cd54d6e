/** The small-screen navigation: a toggle that opens a full-height panel (PhoneMenuPanel, loaded on demand). */
import * as React from "react";
import styled from "styled-components";
import { media } from "../styles/media";
import { useOnPathnameChange } from "../hooks/useOnPathnameChange";
import { Icon } from "./Icon";
import { SITE_MAP_ID } from "./Footer";
import { theme } from "../styles/theme";
import { afterNextPaint } from "../runtime/nextTask";

const loadPanel = () => import(/* webpackChunkName: "phone-menu-panel" */ "./PhoneMenuPanel");
const PhoneMenuPanel = React.lazy(loadPanel);

/** Memoised: opening a header menu renders the header again, and nothing here changes with it. */
export const PhoneMenu = React.memo(function PhoneMenu({ pathname }: { pathname: string }) {
  const [open, setOpen] = React.useState(false);
  // Mounted from the first open on (then only hidden), so the accordion keeps its state while open.
  const [wanted, setWanted] = React.useState(false);
  const toggleRef = React.useRef<HTMLAnchorElement>(null);
  // The toggle answers in the tap's own frame; the panel (its code fetched on this first tap) mounts in a
  // transition after it.
  const toggle = () => {
    setOpen((value) => !value);
    React.startTransition(() => setWanted(true));
  };

  useOnPathnameChange(pathname, () => setOpen(false));

  React.useEffect(() => {
    if (!open) return undefined;
    const previousOverflow = document.body.style.overflow;
    let live = true;
    let locked = false;
    // The page behind stops scrolling once the tap's own frame is on screen: changing the body's overflow
    // makes the browser lay out and repaint the page's root scroller, work that would delay that frame.
    void afterNextPaint().then(() => {
      if (!live) return;
      document.body.style.overflow = "hidden";
      locked = true;
    });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      live = false;
      if (locked) document.body.style.overflow = previousOverflow;
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <Wrapper>
      {/* A link to the footer's site map until React takes over, so a tap before hydration (the bundles
          start after the first paint) still leads somewhere; from then on a disclosure button. */}
      <Toggle
        ref={toggleRef}
        href={`#${SITE_MAP_ID}`}
        role="button"
        aria-expanded={open}
        // Names the panel once it is in the page (it is loaded on the first tap), never an id not there.
        aria-controls={wanted ? "phone-menu" : undefined}
        // The panel's code is fetched on the first tap, not while the page loads: the toggle shows the menu
        // open at once and the panel follows as soon as its 1 KiB arrives. (Fetched earlier, on the pointer's
        // approach, it arrived in the middle of the tap and ran there.)
        onClick={(event) => {
          event.preventDefault();
          toggle();
        }}
        onKeyDown={(event) => {
          // A link answers Enter by itself; a button also answers Space.
          if (event.key === " ") {
            event.preventDefault();
            toggle();
          }
        }}
      >
        <Icon name={open ? "close" : "menu"} size={1.4} />
        <span className="visually-hidden">{open ? "Close menu" : "Open menu"}</span>
      </Toggle>
      {wanted ? (
        <React.Suspense fallback={null}>
          <PhoneMenuPanel open={open} />
        </React.Suspense>
      ) : null}
    </Wrapper>
  );
});

// After the search control, which takes the row's free space before it (SearchControl).
const Wrapper = styled.div`
  ${media.up("xl")} {
    display: none;
  }
`;

const Toggle = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  border: ${theme.borders.hairline} solid ${theme.colors.line};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  text-decoration: none;
  cursor: pointer;

  &:hover {
    color: ${theme.colors.ink};
  }
`;
