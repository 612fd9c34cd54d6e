// `npm run develop` / `npm run cms`: gatsby develop plus decap-server, so the admin at http://localhost:8000/admin/
// edits content on this machine (local backend). Ctrl-C stops both.
//
// By default decap-server edits content/ in this checkout (MODE=fs), where a save publishes at once: the file mode
// cannot serve the editorial workflow the admin uses in production. `--workflow` serves it (drafts, In review,
// Ready, publish) from decap-server's git mode against a scratch clone, since git mode checks branches out in the
// repository it serves (docs/cms.md).
import { spawn } from "node:child_process";
import { prepareWorkflowClone } from "./lib/cmsWorkflow";
import { localBin, REPO_ROOT as root } from "./lib/setup";

let backend = { MODE: "fs", GIT_REPO_DIRECTORY: root };
if (process.argv.includes("--workflow")) {
  let clone: ReturnType<typeof prepareWorkflowClone>;
  try {
    clone = prepareWorkflowClone(root);
  } catch (error) {
    console.error(
      `cms --workflow needs this checkout to be a git repository: ${(error as Error).message}`,
    );
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

const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };
// Each in a process group of its own, so stopping one stops everything it started.
const children = [
  // Loopback only: decap-server has no authentication.
  {
    name: "decap-server",
    args: [],
    env: { PORT: process.env.CMS_PORT || "8081", BIND_HOST: "127.0.0.1", ...backend },
  },
  { name: "gatsby", args: ["develop"], env: {} },
].map(({ name, args, env: extra }) => ({
  name,
  child: spawn(localBin(name), args, {
    cwd: root,
    env: { ...env, ...extra },
    stdio: "inherit",
    detached: true,
  }),
}));

let stopping = false;
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const { child } of children)
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  setTimeout(() => process.exit(code), 500).unref();
}
for (const { name, child } of children)
  child.on("exit", (code, signal) => {
    if (!stopping) console.log(`${name} stopped (${signal ?? code}); stopping the rest`);
    stopAll(code ?? 0);
  });
process.on("SIGINT", () => stopAll(130));
process.on("SIGTERM", () => stopAll(143));
