/** Remembers a newsletter subscription and when the popup was last offered: at most once per 14 days, never to subscribers. */
export const SUBSCRIBED_KEY = "newsletterSubscribed";
export const POPUP_SHOWN_KEY = "newsletterPopupShownAt";
export const POPUP_INTERVAL_MS = 14 * 24 * 60 * 60 * 1000;
/** Reading intent: the visitor has scrolled through this share of the article. */
export const READING_INTENT_RATIO = 0.6;

type Store = Pick<Storage, "getItem" | "setItem">;

export function isSubscribed(store: Store): boolean {
  return store.getItem(SUBSCRIBED_KEY) === "true";
}

export function markSubscribed(store: Store): void {
  try {
    store.setItem(SUBSCRIBED_KEY, "true");
  } catch {
    // Storage can be refused (private mode); the worst case is one more offer.
  }
}

/** Whether the popup may open now: never for subscribers, at most once per interval, after reading intent. */
export function shouldOfferPopup(store: Store, now: number, scrolledRatio: number): boolean {
  if (scrolledRatio < READING_INTENT_RATIO || isSubscribed(store)) return false;
  const last = Number(store.getItem(POPUP_SHOWN_KEY));
  return !(Number.isFinite(last) && last > 0 && now - last < POPUP_INTERVAL_MS);
}

export function markPopupShown(store: Store, now: number): void {
  try {
    store.setItem(POPUP_SHOWN_KEY, String(now));
  } catch {
    // See markSubscribed.
  }
}
