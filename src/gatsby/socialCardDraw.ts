/**
 * How a social card is drawn: satori lays the view out as SVG (text as paths from the fonts kept in the
 * repository), resvg renders it, sharp (libvips, already the build's image library) writes the PNG. The frame
 * (brand, address, background) is the same on every card, so it is drawn once per process, and each card's text
 * box alone is drawn and copied into it (src/views/SocialCard.tsx): a card took about 27 ms of CPU drawn whole.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import * as React from "react";
import satori from "satori";
import sharp from "sharp";
import { CARD_HEIGHT, CARD_WIDTH, type CardInput } from "../data/socialCard";
import { CARD_TEXT_BOX, SocialCard, SocialCardFrame, SocialCardText } from "../views/SocialCard";

const fontFile = (weight: number) =>
  readFileSync(path.join(__dirname, "fonts", `inter-latin-${weight}-normal.woff`));
const fonts = [400, 700].map((weight) => ({
  name: "Inter",
  data: fontFile(weight),
  weight: weight as 400 | 700,
  style: "normal" as const,
}));

/** RGBA pixels of a view drawn at its size. */
async function render(view: React.ReactElement, width: number, height: number) {
  const svg = await satori(view, { width, height, fonts });
  // satori wrote the text as paths: resvg needs no font, and looking up the system's fonts for each card
  // cost about a seventh of its drawing.
  const image = new Resvg(svg, {
    fitTo: { mode: "original" },
    font: { loadSystemFonts: false },
  }).render();
  if (image.width !== width || image.height !== height)
    throw new Error(`a card part came out ${image.width}×${image.height}, not ${width}×${height}`);
  return image.pixels;
}

/**
 * A PNG of RGBA pixels at the card's size. zlib level 4: 6.4 ms and 43 KiB on a typical card, against 9 ms and
 * 37 KiB at level 6; sharp's encoder took a third less CPU than resvg's own, for a smaller file.
 */
const png = (pixels: Buffer) =>
  sharp(pixels, { raw: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 4 } })
    .png({ compressionLevel: 4, adaptiveFiltering: false })
    .toBuffer();

let frame: Promise<Buffer> | null = null;

/** One card as a PNG: its text box drawn on its own and copied into the frame. */
export async function drawCard(card: CardInput): Promise<Buffer> {
  frame ??= render(React.createElement(SocialCardFrame), CARD_WIDTH, CARD_HEIGHT);
  const box = CARD_TEXT_BOX;
  const [pixels, text] = await Promise.all([
    frame.then((drawn) => Buffer.from(drawn)),
    render(React.createElement(SocialCardText, { ...card, clip: false }), box.width, box.height),
  ]);
  const row = box.width * 4;
  for (let y = 0; y < box.height; y++)
    text.copy(pixels, ((box.top + y) * CARD_WIDTH + box.left) * 4, y * row, (y + 1) * row);
  return png(pixels);
}

/** One card drawn whole, as the CMS preview shows it: what drawCard must equal. */
export async function drawWholeCard(card: CardInput): Promise<Buffer> {
  return png(await render(React.createElement(SocialCard, card), CARD_WIDTH, CARD_HEIGHT));
}
