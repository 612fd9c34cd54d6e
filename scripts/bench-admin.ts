// `npm run bench:admin -- --posts=N`: a marketer's session in the admin (from the last build, as `npm test` makes it)
// against the fake GitHub enforcing GitHub's limits, over this site's content and N generated posts: each step's
// seconds and GitHub calls, then the totals beside their budgets. A measurement, not a test: it exits 0 unless the
// session cannot be run.
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { marketerSession, startAdminWorld, type StepFigures } from "../tests/support/adminWorld";
import { option } from "./lib/benchsite";

if (process.argv.includes("--help")) {
  console.log(
    `usage: npm run bench:admin -- --posts=N   (default 1000; needs a build: npm test -- --only=build)`,
  );
  process.exit(0);
}

const posts = Number(option("posts") ?? 1000);

async function main(): Promise<void> {
  const world = await startAdminWorld({ posts });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const steps = await marketerSession(world, await browser.newContext());
    console.log(
      `\nThe admin with ${posts} generated posts (${world.generated.length + 17} in all):`,
    );
    console.table(
      steps.map((step) => ({
        step: step.name,
        seconds: Number(step.seconds.toFixed(1)),
        REST: step.restRequests,
        "of which 304": step.notModified,
        "GraphQL points": step.graphqlPoints,
        calls: step.calls,
        charged: step.spent,
      })),
    );
    // A step of several actions (ten posts opened one after another) is judged by each action: its parts summed.
    const actions = steps.flatMap((step) => {
      const parts = Object.entries(step.each ?? {});
      for (const [part, seconds] of parts) {
        const sorted = [...seconds].sort((a, b) => a - b);
        const [median, slowest] = [sorted[sorted.length >> 1], sorted.at(-1)];
        console.log(
          `${step.name}, ${part}: median ${median?.toFixed(1)} s, slowest ${slowest?.toFixed(1)} s`,
        );
      }
      const each = parts.map(([, seconds]) => seconds);
      return each.length === 0
        ? [step.seconds]
        : each[0]!.map((_, at) => each.reduce((t, s) => t + s[at]!, 0));
    });
    const session = steps.slice(0, -1).reduce((n, step) => n + step.calls, 0);
    const visit = (steps.at(-1) as StepFigures).calls;
    const slowest = Math.max(...actions);
    const verdict = (ok: boolean) => (ok ? "ok" : "OVER");
    console.log(
      `\nsession: ${session} calls — budget 300: ${verdict(session <= 300)}` +
        `\nsecond visit: ${visit} calls — budget 50: ${verdict(visit <= 50)}` +
        `\nslowest action: ${slowest.toFixed(1)} s — budget 5 s each: ${verdict(slowest <= 5)}` +
        `\nrefused by GitHub's limits: ${steps.reduce((n, step) => n + step.refused, 0)}`,
    );
  } finally {
    await browser.close();
    await world.stop();
  }
}

// A failure rejects, which ends the process with its stack and a non-zero code.
void main().then(() => process.exit(0));
