/**
 * The header's search control: opens the site search, a dialog whose code (and Pagefind's) is fetched on first
 * use, or when the pointer or focus reaches the control, to warm it. ⌘K / Ctrl+K and "/" open it too.
 */
import * as React from "react";
import styled from "styled-components";
import { SEARCH_PATH } from "../config/search";
import { onSearchRequest, opensSearch } from "../hooks/searchRequests";
import { useOnPathnameChange } from "../hooks/useOnPathnameChange";
import { media } from "../styles/media";
import { theme } from "../styles/theme";
import { Icon } from "./Icon";

const loadDialog = () => import(/* webpackChunkName: "search-dialog" */ "./SearchDialog");
const SearchDialog = React.lazy(loadDialog);

/** Fetches the dialog's code and starts Pagefind, so an open that follows has them. */
function warm(): void {
  loadDialog().then(
    (module) => module.prepareSearch(),
    () => {
      // Offline, or a deploy replaced the chunk: the open tries again, and the control stays a link.
    },
  );
}

/** Memoised: opening a header menu renders the header again, and nothing here changes with it. */
export const SearchControl = React.memo(function SearchControl({ pathname }: { pathname: string }) {
  const [open, setOpen] = React.useState(false);
  // Mounted from the first open on (then only closed), so what was typed is still there next time.
  const [wanted, setWanted] = React.useState(false);
  const controlRef = React.useRef<HTMLAnchorElement>(null);
  const returnTo = React.useRef<HTMLElement | null>(null);
  const isOpen = React.useRef(false);

  const show = React.useCallback((trigger: HTMLElement | null) => {
    if (isOpen.current) return;
    isOpen.current = true;
    returnTo.current = trigger && trigger !== document.body ? trigger : controlRef.current;
    setWanted(true);
    setOpen(true);
  }, []);

  const close = React.useCallback(({ returnFocus }: { returnFocus: boolean }) => {
    isOpen.current = false;
    setOpen(false);
    const target = returnTo.current;
    returnTo.current = null;
    if (returnFocus) (target?.isConnected ? target : controlRef.current)?.focus();
  }, []);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !opensSearch(event)) return;
      event.preventDefault();
      show(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    };
    document.addEventListener("keydown", onKeyDown);
    const stop = onSearchRequest(({ trigger }) => show(trigger));
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      stop();
    };
  }, [show]);

  useOnPathnameChange(pathname, () => {
    if (isOpen.current) close({ returnFocus: false });
  });

  return (
    <Wrapper>
      {/* A link to the results page until React takes over (and without JavaScript), then the dialog's button. */}
      <Control
        ref={controlRef}
        href={SEARCH_PATH}
        role="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts="Meta+K Control+K /"
        data-search-control=""
        onClick={(event) => {
          event.preventDefault();
          show(event.currentTarget);
        }}
        onKeyDown={(event) => {
          // A link answers Enter by itself; a button also answers Space.
          if (event.key === " ") {
            event.preventDefault();
            show(event.currentTarget);
          }
        }}
        onPointerEnter={warm}
        onFocus={warm}
      >
        <Icon name="search" size={1.3} />
        <span className="visually-hidden">Search</span>
      </Control>
      {wanted ? (
        <React.Suspense fallback={null}>
          <SearchDialog open={open} onClose={close} />
        </React.Suspense>
      ) : null}
    </Wrapper>
  );
});

const Wrapper = styled.div`
  flex: none;
  margin-left: auto;
`;

const Control = styled.a`
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
    background: ${theme.colors.surfaceAlt};
    color: ${theme.colors.ink};
  }

  /* Beside the menus, like them: no frame, and only as wide as the row allows (Header's styles). */
  ${media.up("xl")} {
    width: 2.25rem;
    height: 2.25rem;
    border-color: transparent;
  }
`;
