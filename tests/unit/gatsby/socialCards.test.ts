// @vitest-environment node
// The social cards step for real (satori, resvg, the fonts kept in the repository, worker threads): each page
// gets its own 1200×630 PNG at /og/<path>.png; an unchanged card is copied from the cache, not drawn again,
// and an edited title draws that one card alone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { socialImagePath } from "../../../src/data/socialCard";
import sharp from "sharp";
import { drawCard, drawWholeCard } from "../../../src/gatsby/socialCardDraw";
import { writeSocialCards, type PageCard } from "../../../src/gatsby/socialCards";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "social-cards-"));
const publicDir = path.join(root, "public");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A PNG's width and height, from its IHDR chunk (right after the 8-byte signature). */
export function pngSize(file: string): { width: number; height: number } {
  const head = fs.readFileSync(file).subarray(0, 24);
  expect(head.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(head.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

const pages: PageCard[] = [
  { path: "/", card: { title: "Device intelligence for fraud prevention", kicker: "Fingerprint" } },
  {
    path: "/blog/card-testing/",
    card: {
      title: "Card testing: how fraudsters validate stolen cards",
      kicker: "Blog · Maya Okafor",
    },
  },
  {
    path: "/case-studies/lumina-bank/",
    card: { title: "Geolocalização e apostas: o que mudou", kicker: "Case study · Lumina Bank" },
  },
];

describe("social cards", () => {
  it("draws each page its own 1200×630 PNG", async () => {
    const result = await writeSocialCards(root, publicDir, pages, 2);
    expect(result).toEqual({ cards: 3, drawn: 3, reused: 0 });
    const files = pages.map((page) => path.join(publicDir, socialImagePath(page.path).slice(1)));
    expect(files.map((file) => path.relative(publicDir, file))).toEqual([
      "og/index.png",
      "og/blog/card-testing.png",
      "og/case-studies/lumina-bank.png",
    ]);
    for (const file of files) expect(pngSize(file)).toEqual({ width: 1200, height: 630 });
    const contents = new Set(files.map((file) => fs.readFileSync(file).toString("base64")));
    expect(contents.size).toBe(3);
  }, 120_000);

  it("reuses unchanged cards and draws only the edited one", async () => {
    const edited = pages.map((page, i) =>
      i === 1 ? { ...page, card: { ...page.card, title: "Card testing, explained" } } : page,
    );
    const before = fs.readFileSync(path.join(publicDir, "og/blog/card-testing.png"));
    expect(await writeSocialCards(root, publicDir, pages, 2)).toEqual({
      cards: 3,
      drawn: 0,
      reused: 3,
    });
    expect(await writeSocialCards(root, publicDir, edited, 2)).toEqual({
      cards: 3,
      drawn: 1,
      reused: 2,
    });
    expect(fs.readFileSync(path.join(publicDir, "og/blog/card-testing.png")).equals(before)).toBe(
      false,
    );
  }, 120_000);

  it("draws each card's text box into the frame drawn once: the card the preview shows whole", async () => {
    for (const { card } of pages) {
      const pixels = async (png: Promise<Buffer>) =>
        sharp(await png)
          .raw()
          .toBuffer({ resolveWithObject: true });
      const [composed, whole] = await Promise.all([
        pixels(drawCard(card)),
        pixels(drawWholeCard(card)),
      ]);
      expect(composed.info).toMatchObject({ width: 1200, height: 630 });
      expect(whole.info).toMatchObject(composed.info);
      // The whole card clips its title (a browser's line clamp needs it); the clip rounds some edge pixels by one.
      let largest = 0;
      for (let i = 0; i < composed.data.length; i++)
        largest = Math.max(largest, Math.abs(composed.data[i]! - whole.data[i]!));
      expect(largest).toBeLessThanOrEqual(1);
    }
  }, 60_000);
});
