// The benchmark's report: the budgets, the header that explains the columns, the table and the per-page details.
import { isCompressible } from "./firstload.mjs";

export const KIB = 1024;
export const JS_BUDGET_KIB = 100; // first-load JS ≤ 100 KiB brotli on every page
export const HOME_TRANSFER_BUDGET_KIB = 256;

export const kib = (bytes) => (bytes / KIB).toFixed(1);

export const HEADER = `
First load of every built page. KiB = 1024 bytes. Sizes are computed from the files in public/:
text is compressed here with brotli (quality 11) and gzip (level 9), never counted above its raw size;
images and fonts are counted as stored (servers do not recompress them).

  JS       <script src> of a JavaScript type, rel=modulepreload and rel=preload as=script in the HTML,
           plus the chunk groups of the page component and its slices, which Gatsby's runtime loads
           before hydrating (from page-data + webpack.stats.json), plus the inline scripts
           (compressed on their own). Each file is counted once per page.
  CSS      rel=stylesheet and rel=preload as=style, plus inline <style> (Gatsby inlines the CSS).
  page     the page's own chunks (component---…) alone; already inside JS/CSS.
  total    brotli of the whole HTML (inline code counted here, once) + the JS and CSS files + Gatsby's
           page-data, app-data and static-query JSON + eager images (<img> without loading=lazy,
           rel=preload as=image) + preloaded fonts. Not counted: fonts pulled in by CSS, favicons,
           the web manifest, dynamic imports; the "seen" columns catch those.
  seen     what Chromium actually fetched from the site (1280×800, fresh profile) between navigation
           and network idle, same size rules (seen JS adds the inline scripts): includes chunks
           imported on mount, fonts, and lazy images close to the fold. Gatsby's link prefetching is turned off (navigator.connection
           .saveData) because it fetches other pages, not this one. "-" when not measured.
Budgets: first-load JS ≤ ${JS_BUDGET_KIB} KiB brotli on every page (JS and seen JS); total transfer of / ≤ ${HOME_TRANSFER_BUDGET_KIB} KiB.
`;

export function flagsFor(page) {
  const flags = [];
  if (page.js.total.brotli > JS_BUDGET_KIB * KIB) flags.push("OVER js");
  if (page.seen && page.seen.js > JS_BUDGET_KIB * KIB) flags.push("OVER seen-js");
  if (page.route === "/") {
    const transfer = Math.max(page.transfer, page.seen?.total ?? 0);
    if (transfer > HOME_TRANSFER_BUDGET_KIB * KIB) flags.push("OVER total");
  }
  return flags;
}

export function printTable(pages) {
  const routeWidth = Math.max(20, ...pages.map((p) => p.route.length));
  const cols = ["JS br", "JS gz", "CSS br", "CSS gz", "page br", "total br", "seen JS", "seen tot"];
  const head = `${"route".padEnd(routeWidth)} ${cols.map((c) => c.padStart(8)).join(" ")}  budget`;
  console.log(head);
  console.log("─".repeat(head.length + 8));
  for (const p of pages) {
    const cells = [
      p.js.total.brotli,
      p.js.total.gzip,
      p.css.total.brotli,
      p.css.total.gzip,
      p.pageChunks.total.brotli,
      p.transfer,
    ].map((n) => kib(n).padStart(8));
    cells.push(
      (p.seen ? kib(p.seen.js) : "-").padStart(8),
      (p.seen ? kib(p.seen.total) : "-").padStart(8),
    );
    const flags = flagsFor(p);
    console.log(
      `${p.route.padEnd(routeWidth)} ${cells.join(" ")}  ${flags.length ? flags.join(", ") : "ok"}`,
    );
  }
}

export function printDetails(page) {
  console.log(
    `\n${page.route}  (${page.file}; chunks: ${page.pageChunks.names.join(", ") || "none"})`,
  );
  const line = (label, s) =>
    console.log(
      `  ${label.padEnd(76)} ${kib(s.raw).padStart(8)} raw ${kib(s.gzip).padStart(7)} gz ${kib(s.brotli).padStart(7)} br`,
    );
  line("HTML", page.html);
  for (const f of page.js.files) line(`js   ${f.path} (${f.via})`, f.sizes);
  line("js   inline", page.js.inline);
  for (const f of page.css.files) line(`css  ${f.path} (${f.via})`, f.sizes);
  line("css  inline", page.css.inline);
  for (const group of ["data", "images", "fonts"]) {
    for (const f of page[group].files) line(`${group.padEnd(4)} ${f.path}`, f.sizes);
  }
  if (page.seen) {
    const extra = page.seen.files.filter(
      (f) =>
        ![
          ...page.js.files,
          ...page.css.files,
          ...page.data.files,
          ...page.images.files,
          ...page.fonts.files,
        ].some((g) => g.path === f.path) && f.path !== page.route,
    );
    for (const f of extra)
      line(`seen ${f.path} (${f.type}${isCompressible(f.path) ? "" : ", as stored"})`, f.sizes);
  }
}
