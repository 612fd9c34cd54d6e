// Writes static/admin/config.yml from the content model (src/cms/model.ts); `--check` only compares.
import fs from "node:fs";
import path from "node:path";
import { stringify } from "yaml";
import { cmsConfig } from "../src/cms/model";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "static", "admin", "config.yml");
const header =
  "# Decap CMS configuration, generated from the zod content model by `npm run cms:config`.\n" +
  "# Do not edit by hand: change src/data/*.ts (or src/cms/model.ts) and regenerate.\n";

export function renderConfig(): string {
  return header + stringify(cmsConfig(root), { lineWidth: 0 });
}

function main() {
  if (process.argv.includes("--check")) {
    const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
    if (current !== renderConfig()) {
      console.error("static/admin/config.yml is out of date: run npm run cms:config");
      process.exit(1);
    }
    console.log("static/admin/config.yml matches the content model");
  } else {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, renderConfig());
    console.log(`wrote ${path.relative(root, target)}`);
  }
}

// Only when run as a script: the config test imports renderConfig, and importing it must not rewrite
// the file that test compares it with.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
