// Draws the blog's local hero and diagram images (flat SVG shapes → palette PNG with sharp), so no image is fetched or copied.
// Usage: node scripts/blog-images.mjs  — writes content/blog/<slug>/hero.png for every post folder that lacks one.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const palettes = [
  ["#0c0f22", "#ff8a5c", "#2b3154", "#f3f4fa"],
  ["#10132a", "#9be3b4", "#2b3154", "#e6e8f2"],
  ["#171b36", "#ff9e7a", "#3d4360", "#fdece5"],
  ["#0f1329", "#7aa2ff", "#2b3154", "#eceef5"],
  ["#1d1230", "#f4c95d", "#3a2a55", "#fff4d6"],
];

/** A small deterministic generator, so the same slug always draws the same picture. */
function random(seed) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

export function heroSvg(seed, width = 1200, height = 600) {
  const rnd = random(seed);
  const [bg, accent, line, light] = palettes[Math.floor(rnd() * palettes.length)];
  const nodes = Array.from({ length: 14 }, () => ({
    x: 80 + rnd() * (width - 160),
    y: 60 + rnd() * (height - 120),
    r: 6 + rnd() * 18,
  }));
  const edges = [];
  nodes.forEach((a, i) => {
    const b = nodes[(i + 1 + Math.floor(rnd() * 4)) % nodes.length];
    edges.push(
      `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" stroke="${line}" stroke-width="3"/>`,
    );
  });
  const hub = nodes[Math.floor(rnd() * nodes.length)];
  const rings = [1, 2, 3].map(
    (k) =>
      `<circle cx="${hub.x}" cy="${hub.y}" r="${k * 46}" fill="none" stroke="${accent}" stroke-width="2" opacity="${1 - k * 0.25}"/>`,
  );
  const dots = nodes.map(
    (n, i) => `<circle cx="${n.x}" cy="${n.y}" r="${n.r}" fill="${i % 3 === 0 ? accent : light}"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" fill="${bg}"/>
  ${edges.join("\n  ")}
  ${rings.join("\n  ")}
  ${dots.join("\n  ")}
</svg>`;
}

/** The request flow diagram used in the checkout-bots tutorial. */
export function flowSvg() {
  const box = (
    x,
    label,
    sub,
  ) => `<g><rect x="${x}" y="120" width="300" height="150" rx="16" fill="#ffffff" stroke="#c3c8d8" stroke-width="3"/>
    <text x="${x + 150}" y="185" font-family="sans-serif" font-size="30" font-weight="700" fill="#10132a" text-anchor="middle">${label}</text>
    <text x="${x + 150}" y="225" font-family="sans-serif" font-size="22" fill="#3d4360" text-anchor="middle">${sub}</text></g>`;
  const arrow = (x) =>
    `<path d="M${x} 195 h70" stroke="#c63f14" stroke-width="5"/><path d="M${x + 70} 183 l20 12 -20 12 z" fill="#c63f14"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="390" viewBox="0 0 1200 390">
  <rect width="100%" height="100%" fill="#f5f6fa"/>
  ${box(30, "Browser", "order + requestId")}
  ${arrow(340)}
  ${box(450, "Your server", "fetch event, read bot")}
  ${arrow(760)}
  ${box(870, "Decision", "accept / verify / reject")}
</svg>`;
}

async function main() {
  const root = path.resolve("content/blog");
  for (const slug of readdirSync(root)) {
    const target = path.join(root, slug, "hero.png");
    if (!existsSync(path.join(root, slug, "index.md")) || existsSync(target)) continue;
    // Translations draw the same picture as the post they translate.
    const seed = slug.replace(/-br$/, "");
    await sharp(Buffer.from(heroSvg(seed)))
      .png({ palette: true, colours: 32 })
      .toFile(target);
    console.log(`wrote ${path.relative(process.cwd(), target)}`);
  }
  const diagram = path.join(root, "tutorial-block-checkout-bots", "diagram.png");
  if (!existsSync(diagram))
    await sharp(Buffer.from(flowSvg())).png({ palette: true, colours: 64 }).toFile(diagram);
}

await main();
