// The scratch copy a host's CLI deploys from: the checkout, the one production build copied in, and the host's
// build command (which must be `npm run build`, the command that made that build) swapped for one that only
// puts the build in place. The CLIs write into the tree they run in, so never into the work tree.
import fs from "node:fs";
import path from "node:path";
import { makeScratch, type Scratch } from "../../tests/support/scratch";

export const BUILD_COMMAND = "npm run build";
/** Where the Vercel scratch keeps the build's Build Output until `vercel build` has emptied .vercel/output. */
const PREBUILT_OUTPUT = ".prebuilt-vercel-output";

function swapCommand(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, "utf8");
  if (!text.includes(from))
    throw new Error(
      `${path.basename(file)} no longer builds with ${BUILD_COMMAND}: the rehearsal reuses that build`,
    );
  fs.writeFileSync(file, text.replace(from, to));
}

export function deployScratch(root: string, host: "netlify" | "vercel"): Scratch {
  const scratch = makeScratch(root, {
    prefix: `verify-${host}-`,
    nodeModules: "hardlink",
    alsoCopy: ["public"],
  });
  if (host === "netlify") {
    swapCommand(
      path.join(scratch.dir, "netlify.toml"),
      `command = "${BUILD_COMMAND}"`,
      'command = "true"',
    );
  } else {
    fs.cpSync(path.join(root, ".vercel", "output"), path.join(scratch.dir, PREBUILT_OUTPUT), {
      recursive: true,
    });
    swapCommand(
      path.join(scratch.dir, "vercel.json"),
      `"buildCommand": "${BUILD_COMMAND}"`,
      `"buildCommand": "mkdir -p .vercel/output && cp -a ${PREBUILT_OUTPUT}/. .vercel/output/"`,
    );
  }
  return scratch;
}
