// `npm run develop` / `npm run cms`: gatsby develop plus decap-server, so the admin at
// http://localhost:8000/admin/ edits content on this machine (local backend). Ctrl-C stops both.
//
// By default decap-server edits content/ in this checkout directly (MODE=fs). The admin's production
// setting is the editorial workflow, which the file mode cannot serve, so locally a save publishes at once.
// `--workflow` serves the editorial workflow instead (drafts, In review, Ready, publish) from decap-server's
// git mode, against a scratch clone of this repository: git mode checks branches out in the repository it
// serves, so it never runs on this working tree. See docs/cms.md.
import { spawn } from "node:child_process";
import process from "node:process";
import { prepareWorkflowClone } from "./lib/cmsWorkflow.mjs";
import { localBin } from "./lib/proc.mjs";
import { REPO_ROOT, baseEnv } from "./lib/setup.mjs";

const root = REPO_ROOT;
const workflow = process.argv.slice(2).includes("--workflow");

let backend = { MODE: "fs", GIT_REPO_DIRECTORY: root };
if (workflow) {
  let clone;
  try {
    clone = prepareWorkflowClone(root);
  } catch (error) {
    console.error(`cms --workflow needs this checkout to be a git repository: ${error.message}`);
    process.exit(1);
  }
  backend = { MODE: "git", GIT_REPO_DIRECTORY: clone.dir };
  console.log(
    [
      `cms: editorial workflow on a scratch clone, ${clone.dir}`,
      clone.created
        ? `     (new: main at ${clone.commit.slice(0, 7)}, this checkout's commit)`
        : "     (kept from an earlier run with its drafts; delete the folder to start again from this checkout)",
      "     Drafts are branches cms/<collection>/<slug> there; publishing merges them into its main.",
      `     Bring published work back with: git pull ${clone.dir} main`,
      "     The site at :8000 still shows this checkout's content/; the admin's previews show the drafts.",
    ].join("\n"),
  );
} else {
  console.log(
    "cms: the admin edits content/ in this checkout and publishes on save (no drafts locally;\n" +
      "     `npm run cms -- --workflow` serves drafts and review from a scratch clone).",
  );
}

const children = [
  {
    name: "decap-server",
    bin: localBin(root, "decap-server"),
    args: [],
    // Loopback only: decap-server has no authentication.
    env: baseEnv({ PORT: process.env.CMS_PORT || "8081", BIND_HOST: "127.0.0.1", ...backend }),
  },
  { name: "gatsby", bin: localBin(root, "gatsby"), args: ["develop"], env: baseEnv() },
].map((spec) => {
  const child = spawn(spec.bin, spec.args, { cwd: root, env: spec.env, stdio: "inherit" });
  return { ...spec, child };
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}

for (const { name, child } of children) {
  child.on("exit", (code, signal) => {
    if (!stopping) console.log(`${name} stopped (${signal ?? code}); stopping the rest`);
    stopAll(code ?? 0);
  });
}
process.on("SIGINT", () => stopAll(130));
process.on("SIGTERM", () => stopAll(143));
