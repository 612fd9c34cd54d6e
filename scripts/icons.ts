// `npx tsx scripts/icons.ts`: writes static/icons.svg, the icon sprite, from src/components/iconPaths.ts.
import fs from "node:fs";
import path from "node:path";
import { iconSprite } from "../src/components/iconPaths";

const target = path.join(import.meta.dirname, "..", "static", "icons.svg");
fs.writeFileSync(target, iconSprite());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
