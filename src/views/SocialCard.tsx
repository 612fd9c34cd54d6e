/**
 * The social card's drawing: a 1200×630 layout in the flexbox subset satori draws (the build renders it to a
 * PNG, src/gatsby/socialCards.ts) and a browser renders alike (the CMS preview shows it as the card to be).
 */
import * as React from "react";
import { site } from "../config/site";
import { CARD_HEIGHT, CARD_WIDTH, type CardInput } from "../data/socialCard";
import { theme } from "../styles/theme";

/** The margin around the drawing, and the width left inside it. */
const MARGIN = 72;
const INNER = CARD_WIDTH - 2 * MARGIN;

/** Long titles get a smaller size so that three lines still fit. */
const titleSize = (title: string) => (title.length > 90 ? 52 : title.length > 60 ? 60 : 72);

export function SocialCard({ title, kicker }: CardInput) {
  return (
    <div
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: MARGIN,
        boxSizing: "border-box",
        backgroundColor: theme.colors.night,
        color: theme.colors.surface,
        fontFamily: "Inter",
      }}
    >
      <div style={{ display: "flex", alignItems: "center" }}>
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
      <div style={{ display: "flex", flexDirection: "column", width: INNER }}>
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
        <div
          style={{
            fontSize: titleSize(title),
            fontWeight: 700,
            lineHeight: 1.15,
            width: INNER,
            maxHeight: titleSize(title) * 1.15 * 3,
            overflow: "hidden",
          }}
        >
          {title}
        </div>
      </div>
      <div style={{ display: "flex", fontSize: 26, color: theme.colors.lineStrong }}>
        {new URL(site.url).host}
      </div>
    </div>
  );
}
