/**
 * A worker thread of the social cards step (socialCards.ts): draws each card it is sent with satori (the
 * layout to SVG, text as paths from the fonts kept in the repository) and resvg (SVG to PNG), writing it
 * into the cache. Runs as a bundle esbuild makes of this file at build time, like the page pass's worker.
 */
import { readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import { Resvg } from "@resvg/resvg-js";
import * as React from "react";
import satori from "satori";
import sharp from "sharp";
import { SocialCard } from "../views/SocialCard";
import { CARD_HEIGHT, CARD_WIDTH, type CardInput } from "../data/socialCard";

const fontFile = (weight: number) =>
  readFileSync(path.join(__dirname, "fonts", `inter-latin-${weight}-normal.woff`));
const fonts = [400, 700].map((weight) => ({
  name: "Inter",
  data: fontFile(weight),
  weight: weight as 400 | 700,
  style: "normal" as const,
}));

export type CardJob = { file: string; card: CardInput };

/** One card as a PNG. */
export async function drawCard(card: CardInput): Promise<Buffer> {
  const svg = await satori(React.createElement(SocialCard, card), {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts,
  });
  // satori wrote the text as paths: resvg needs no font, and looking up the system's fonts for each card
  // cost about a seventh of its drawing.
  const image = new Resvg(svg, {
    fitTo: { mode: "original" },
    font: { loadSystemFonts: false },
  }).render();
  // sharp (libvips, already the build's image library) writes the PNG: a third less CPU than resvg's own
  // encoder and a smaller file (38 KiB against 42 on a typical card).
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

parentPort?.on("message", (jobs: CardJob[]) => {
  void (async () => {
    try {
      for (const job of jobs) {
        // Written aside and renamed: a card cut off by a crash is never taken for a drawn one.
        const part = `${job.file}.${process.pid}.part`;
        await writeFile(part, await drawCard(job.card));
        await rename(part, job.file);
      }
      parentPort?.postMessage({ done: jobs.length });
    } catch (error) {
      parentPort?.postMessage({ error: error instanceof Error ? error.stack : String(error) });
    }
  })();
});
