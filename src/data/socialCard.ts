/**
 * Social cards: where each page's 1200×630 card lives, and what it is drawn from. Shared by the build (which
 * draws them, src/gatsby/socialCards.ts), the page heads (og:image, twitter:image) and the CMS preview.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a card shows: the page's title, a kicker above it (its section, or its authors), the brand. */
export type CardInput = { title: string; kicker: string };

/** The card of a page: /og/<its path>.png (/og/index.png for the home page). */
export function socialImagePath(pagePath: string): string {
  const trimmed = pagePath.replace(/^\/+|\/+$/g, "");
  return `/og/${trimmed === "" ? "index" : trimmed}.png`;
}

/** A page's image: its own `socialImage` when the content sets one, else its drawn card. */
export const socialImageOf = (pagePath: string, override?: string | null) =>
  override ?? socialImagePath(pagePath);
