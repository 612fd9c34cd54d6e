/** The newsletter popup on articles: offered after reading intent, at most once per 14 days, never to subscribers. */
import * as React from "react";
import styled from "styled-components";
import { NewsletterSignup } from "./NewsletterSignup";
import { READING_INTENT_RATIO, markPopupShown, shouldOfferPopup } from "./subscription";

/**
 * The popup's last decision on <html data-newsletter-popup>: "watching" (no reading intent yet), "declined"
 * (intent shown, but a subscriber or offered in the last 14 days) or "open". Lets tests and support know
 * the lazily loaded popup has looked, instead of waiting and hoping it would have shown by then.
 */
function markDecision(decision: "watching" | "declined" | "open"): void {
  document.documentElement.dataset["newsletterPopup"] = decision;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function NewsletterPopup() {
  const [open, setOpen] = React.useState(false);
  const dialogRef = React.useRef<HTMLDivElement>(null);
  const returnFocus = React.useRef<HTMLElement | null>(null);

  React.useEffect(() => {
    if (open) return undefined;
    const onScroll = () => {
      const doc = document.documentElement;
      const scrollable = doc.scrollHeight - window.innerHeight;
      const ratio = scrollable > 0 ? window.scrollY / scrollable : 0;
      if (shouldOfferPopup(window.localStorage, Date.now(), ratio)) {
        markDecision("open");
        markPopupShown(window.localStorage, Date.now());
        returnFocus.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOpen(true);
      } else markDecision(ratio < READING_INTENT_RATIO ? "watching" : "declined");
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    // The component may arrive after the visitor already scrolled far enough.
    onScroll();
    return () => window.removeEventListener("scroll", onScroll);
  }, [open]);

  const close = React.useCallback(() => {
    setOpen(false);
    returnFocus.current?.focus();
  }, []);

  React.useEffect(() => {
    if (!open) return undefined;
    const dialog = dialogRef.current;
    dialog?.querySelector<HTMLElement>("input:not([tabindex='-1'])")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== "Tab" || !dialog) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (item) => item.offsetParent !== null || item === document.activeElement,
      );
      if (items.length === 0) return;
      const first = items[0] as HTMLElement;
      const last = items[items.length - 1] as HTMLElement;
      if (
        event.shiftKey &&
        (document.activeElement === first || !dialog.contains(document.activeElement))
      ) {
        event.preventDefault();
        last.focus();
      } else if (
        !event.shiftKey &&
        (document.activeElement === last || !dialog.contains(document.activeElement))
      ) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);

  if (!open) return null;
  return (
    <Backdrop>
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="newsletter-popup-title"
        aria-describedby="newsletter-popup-text"
      >
        <Close type="button" onClick={close} aria-label="Close newsletter offer">
          ×
        </Close>
        <Title id="newsletter-popup-title">Enjoying the article?</Title>
        <Body id="newsletter-popup-text">
          Get one email a month with new fraud research, tutorials and product news. Unsubscribe in
          one click.
        </Body>
        <NewsletterSignup placement="NewsletterAnnoyingPopup" />
        <NoThanks type="button" onClick={close}>
          No thanks
        </NoThanks>
      </Dialog>
    </Backdrop>
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Dialog = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  width: min(100%, 30rem);
  padding: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const Close = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space[2]};
  right: ${({ theme }) => theme.space[2]};
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  cursor: pointer;

  &:focus-visible {
    outline: ${({ theme }) => theme.borders.focus} solid ${({ theme }) => theme.colors.focus};
  }
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Body = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const NoThanks = styled.button`
  align-self: flex-start;
  min-height: 44px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.inkSoft};
  text-decoration: underline;
  cursor: pointer;
  font: inherit;

  &:focus-visible {
    outline: ${({ theme }) => theme.borders.focus} solid ${({ theme }) => theme.colors.focus};
  }
`;
