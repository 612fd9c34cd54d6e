/**
 * The social card's drawing: a 1200×630 layout in the flexbox subset satori draws (the build renders it to a
 * PNG, src/gatsby/socialCards.ts) and a browser renders alike (the CMS preview shows it as the card to be).
 *
 * It is a fixed frame (the brand above, the site's address below, on the card's solid background) around a text
 * box of fixed place and size, in which the kicker and title sit centred. The build draws the frame once and
 * each card's text box alone, on the same background, and copies it into the frame: the same pixels as drawing
 * the card whole, for half the work.
 */
import * as React from "react";
import { site } from "../config/site";
import { CARD_HEIGHT, CARD_WIDTH, type CardInput } from "../data/socialCard";
import { theme } from "../styles/theme";

/** The margin around the drawing, and the width left inside it. */
const MARGIN = 72;
const INNER = CARD_WIDTH - 2 * MARGIN;
/** The brand's row and the address's row: fixed heights, so the text box has a fixed place. */
const BRAND_HEIGHT = 44;
const ADDRESS_HEIGHT = 32;

/** Where the text box sits on the card, and its size. */
export const CARD_TEXT_BOX = {
  left: MARGIN,
  top: MARGIN + BRAND_HEIGHT,
  width: INNER,
  height: CARD_HEIGHT - 2 * MARGIN - BRAND_HEIGHT - ADDRESS_HEIGHT,
} as const;

/** The card's background, which the text box shares. */
export const CARD_BACKGROUND = theme.colors.night;

/** Long titles get a smaller size so that three lines still fit. */
const titleSize = (title: string) => (title.length > 90 ? 52 : title.length > 60 ? 60 : 72);

/**
 * The kicker and the title, centred in the text box; a title longer than three lines ends in an ellipsis. `clip`
 * (the default, for a browser) also hides what overflows, which a browser's line clamp needs; satori clamps the
 * lines by itself, and its clip path cost resvg 5 ms a card, so the build draws without it.
 */
export function SocialCardText({ title, kicker, clip = true }: CardInput & { clip?: boolean }) {
  return (
    <div
      style={{
        width: CARD_TEXT_BOX.width,
        height: CARD_TEXT_BOX.height,
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        backgroundColor: CARD_BACKGROUND,
        color: theme.colors.surface,
        fontFamily: "Inter",
      }}
    >
      {kicker ? (
        <div
          style={{
            fontSize: 30,
            fontWeight: 400,
            color: theme.colors.lineStrong,
            marginBottom: 24,
            textTransform: "uppercase",
            letterSpacing: 2,
          }}
        >
          {kicker}
        </div>
      ) : null}
      {title ? (
        <div
          style={{
            fontSize: titleSize(title),
            fontWeight: 700,
            lineHeight: 1.15,
            width: CARD_TEXT_BOX.width,
            display: "-webkit-box",
            WebkitBoxOrient: "vertical",
            WebkitLineClamp: 3,
            ...(clip ? { overflow: "hidden" } : {}),
          }}
        >
          {title}
        </div>
      ) : null}
    </div>
  );
}

/** The whole card; `children` fill the text box (empty, it is the frame the build draws once). */
export function SocialCardFrame({ children }: { children?: React.ReactNode }) {
  return (
    <div
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        display: "flex",
        flexDirection: "column",
        padding: MARGIN,
        boxSizing: "border-box",
        backgroundColor: CARD_BACKGROUND,
        color: theme.colors.surface,
        fontFamily: "Inter",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", height: BRAND_HEIGHT }}>
        <div
          style={{
            width: 44,
            height: 44,
            borderRadius: 12,
            backgroundColor: theme.colors.accent,
            marginRight: 20,
          }}
        />
        <div style={{ fontSize: 36, fontWeight: 700 }}>{site.productName}</div>
      </div>
      <div style={{ display: "flex", width: CARD_TEXT_BOX.width, height: CARD_TEXT_BOX.height }}>
        {children}
      </div>
      <div
        style={{
          display: "flex",
          alignItems: "center",
          height: ADDRESS_HEIGHT,
          fontSize: 26,
          color: theme.colors.lineStrong,
        }}
      >
        {new URL(site.url).host}
      </div>
    </div>
  );
}

export function SocialCard(card: CardInput) {
  return (
    <SocialCardFrame>
      <SocialCardText {...card} />
    </SocialCardFrame>
  );
}
