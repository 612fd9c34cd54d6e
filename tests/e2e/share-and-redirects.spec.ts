// The built site over HTTP on the local server: every post page's og:image and twitter:image are its own
// absolute 1200×630 PNG, which loads; and every entry of content/settings/redirects.yml answers its redirect
// (301 permanent, 302 temporary, both spellings of the old address, the query string kept).
import fs from "node:fs";
import path from "node:path";
import { site } from "../../src/config/site";
import { parseNetlifyRedirects, redirectLocation } from "../../src/data/redirects";
import { parseHtml } from "../../src/data/parseHtml";
import { expect, test } from "./fixtures";

const publicDir = path.resolve(__dirname, "../../public");

/** The post pages of the build: /blog/<slug>/ folders that hold a page (listing pages aside). */
function postPages(): string[] {
  return fs
    .readdirSync(path.join(publicDir, "blog"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !/^(tag|author|\d+)$/.test(entry.name))
    .filter((entry) => fs.existsSync(path.join(publicDir, "blog", entry.name, "index.html")))
    .map((entry) => `/blog/${entry.name}/`);
}

test("each post page's og:image is its own 1200×630 PNG that loads", async ({ request }) => {
  const pages = postPages();
  expect(pages.length).toBeGreaterThan(10);
  const images = new Set<string>();
  for (const page of pages) {
    const html = await (await request.get(page)).text();
    const meta = (key: string) =>
      parseHtml(html).find(
        (el) => el.name === "meta" && (el.attributes["property"] ?? el.attributes["name"]) === key,
      )?.attributes["content"] ?? "";
    const og = meta("og:image");
    expect(og, page).toMatch(new RegExp(`^${site.url.replace(/[.]/g, "\\.")}/og/.+\\.png$`));
    expect(meta("twitter:image"), page).toBe(og);
    images.add(og);
    const answer = await request.get(new URL(og).pathname);
    expect(answer.status(), og).toBe(200);
    expect(answer.headers()["content-type"], og).toBe("image/png");
    const head = await answer.body();
    expect(head.subarray(12, 16).toString("latin1"), og).toBe("IHDR");
    expect([head.readUInt32BE(16), head.readUInt32BE(20)], og).toEqual([1200, 630]);
  }
  expect(images.size).toBe(pages.length);
});

test("every entry of redirects.yml answers its redirect on the Node server", async ({
  request,
}) => {
  const rules = parseNetlifyRedirects(fs.readFileSync(path.join(publicDir, "_redirects"), "utf8"));
  expect(rules.length).toBeGreaterThanOrEqual(5);
  for (const rule of rules) {
    for (const spelling of [rule.from, rule.from.slice(0, -1)]) {
      const answer = await request.get(`${spelling}?utm_source=e2e`, { maxRedirects: 0 });
      expect(answer.status(), spelling).toBe(rule.permanent ? 301 : 302);
      expect(answer.headers()["location"], spelling).toBe(
        redirectLocation(rule.to, "?utm_source=e2e"),
      );
    }
  }
});
