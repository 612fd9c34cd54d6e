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
const row = (cells: Array<string | number>) =>
  cells
    .map((cell, i) =>
      String(cell)
        .padStart(i === 0 ? 0 : 9)
        .padEnd(i === 0 ? 24 : 0),
    )
    .join(" ");
const sum = (
  steps: StepFigures[],
  key: "calls" | "spent" | "restRequests" | "notModified" | "graphqlPoints",
) => steps.reduce((total, one) => total + one[key], 0);

async function main(): Promise<number> {
  const world = await startAdminWorld({ posts });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const steps = await marketerSession(world, await browser.newContext());
    console.log(
      `\nThe admin with ${posts} generated posts (${world.generated.length + 17} in all), GitHub calls per step:\n`,
    );
    console.log(
      row(["step", "seconds", "REST", "of which 304", "GraphQL pts", "calls", "charged"]),
    );
    for (const step of steps)
      console.log(
        row([
          step.name,
          step.seconds.toFixed(1),
          step.restRequests,
          step.notModified,
          step.graphqlPoints,
          step.calls,
          step.spent,
        ]),
      );
    // A step of several actions (ten posts opened one after another) is judged by its slowest action.
    const actions = (step: StepFigures) => {
      const parts = Object.values(step.each ?? {});
      return parts.length === 0
        ? [step.seconds]
        : parts[0]!.map((_, at) => parts.reduce((total, part) => total + (part[at] ?? 0), 0));
    };
    for (const step of steps)
      for (const [part, seconds] of Object.entries(step.each ?? {})) {
        const sorted = [...seconds].sort((a, b) => a - b);
        console.log(
          `  ${step.name}, ${part}: median ${sorted[sorted.length >> 1]?.toFixed(1)} s, slowest ${sorted.at(-1)?.toFixed(1)} s`,
        );
      }
    const session = steps.slice(0, -1);
    const visit = steps.at(-1) as StepFigures;
    const slowest = Math.max(...steps.flatMap(actions));
    console.log(
      `\nsession: ${sum(session, "calls")} calls (${sum(session, "spent")} charged) — budget 300: ${sum(session, "calls") <= 300 ? "ok" : "OVER"}` +
        `\nsecond visit: ${visit.calls} calls — budget 50: ${visit.calls <= 50 ? "ok" : "OVER"}` +
        `\nslowest action (a post opened from the list counts alone): ${slowest.toFixed(1)} s — budget 5 s each: ${slowest <= 5 ? "ok" : "OVER"}` +
        `\nrefused by GitHub's limits: ${steps.reduce((n, step) => n + step.refused, 0)}`,
    );
    return 0;
  } finally {
    await browser.close();
    await world.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
