/** The newsletter popup on articles: offered after reading intent, at most once per 14 days, never to subscribers. */
import * as React from "react";
import styled from "styled-components";
import { NewsletterSignup } from "./NewsletterSignup";
import { READING_INTENT_RATIO, markPopupShown, shouldOfferPopup } from "./subscription";
import { theme } from "../styles/theme";

/**
 * The popup's last decision on <html data-newsletter-popup>: "watching" (no reading intent yet), "declined"
 * (intent shown, but a subscriber or offered in the last 14 days) or "open". Lets tests and support know
 * the lazily loaded popup has looked, instead of waiting and hoping it would have shown by then.
 */
function markDecision(decision: "watching" | "declined" | "open"): void {
  document.documentElement.dataset["newsletterPopup"] = decision;
}

export function NewsletterPopup() {
  const [open, setOpen] = React.useState(false);
  const dialogRef = React.useRef<HTMLDialogElement>(null);
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

  // A modal <dialog>: the browser makes the page behind it inert (focus stays in the dialog), draws
  // the backdrop and closes it on Escape; the email field takes the focus.
  React.useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>("input:not([tabindex='-1'])")?.focus();
  }, [open]);

  const onClose = React.useCallback(() => {
    setOpen(false);
    returnFocus.current?.focus();
  }, []);
  const close = () => dialogRef.current?.close();

  if (!open) return null;
  return (
    <Dialog
      ref={dialogRef}
      onClose={onClose}
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
  );
}

const Dialog = styled.dialog`
  flex-direction: column;
  gap: ${theme.space[3]};
  width: min(100% - 2 * ${theme.space[4]}, 30rem);
  max-width: none;
  padding: ${theme.space[6]};
  border: 0;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  color: inherit;
  box-shadow: ${theme.shadows.lg};

  &[open] {
    display: flex;
  }

  &::backdrop {
    background: ${theme.colors.overlay};
  }
`;

const Close = styled.button`
  position: absolute;
  top: ${theme.space[2]};
  right: ${theme.space[2]};
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${theme.radii.pill};
  background: transparent;
  color: ${theme.colors.inkSoft};
  font-size: ${theme.fontSizes.xl};
  cursor: pointer;

  &:focus-visible {
    outline: ${theme.borders.focus} solid ${theme.colors.focus};
  }
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
`;

const Body = styled.p`
  margin: 0;
  color: ${theme.colors.inkSoft};
`;

const NoThanks = styled.button`
  align-self: flex-start;
  min-height: 44px;
  border: 0;
  background: transparent;
  color: ${theme.colors.inkSoft};
  text-decoration: underline;
  cursor: pointer;
  font: inherit;

  &:focus-visible {
    outline: ${theme.borders.focus} solid ${theme.colors.focus};
  }
`;
