// The admin at scale, against the fake GitHub enforcing GitHub's rate limits (tests/support/adminWorld.ts): a
// marketer's whole session makes the same GitHub calls with 1,000 more posts as with 20, step by step, within a
// small constant; and when GitHub refuses, the editor reads when to try again and keeps what they typed.
// Timings are the bench's business (npm run bench:admin), never asserted here.
import { expect, test } from "./fixtures";
import { marketerSession, startAdminWorld, type StepFigures } from "../support/adminWorld";
import { routeGitHubApi } from "./support/githubLogin";

test.describe.configure({ mode: "default" });
test.use({
  // Decap logs its start-up chatter and React warnings as errors; a refused request is logged too.
  allowConsoleErrors: [/./],
});

/** Calls that may differ between two runs of one session: the preview-status and notes polls Decap times itself. */
const SLACK = 6;

test("a marketer's session costs GitHub the same calls with 1,000 more posts as with 20", async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const runs: Record<number, StepFigures[]> = {};
  for (const posts of [20, 1000]) {
    const world = await startAdminWorld({ posts });
    const context = await browser.newContext();
    try {
      runs[posts] = await marketerSession(world, context);
      expect(world.github.unhandled).toEqual([]);
    } finally {
      await context.close();
      await world.stop();
    }
  }
  const [small, large] = [runs[20] ?? [], runs[1000] ?? []];
  const table = small.map((step, i) => `${step.name}: ${step.calls} → ${large[i]?.calls}`);
  for (const [i, step] of small.entries()) {
    expect(large[i]?.name).toBe(step.name);
    expect(large[i]?.calls ?? Infinity, table.join("\n")).toBeLessThanOrEqual(step.calls + SLACK);
    expect(large[i]?.refused, step.name).toBe(0);
  }
  const total = (figures: StepFigures[]) => figures.reduce((sum, step) => sum + step.calls, 0);
  expect(total(large), table.join("\n")).toBeLessThanOrEqual(total(small) + 2 * SLACK);
  // Decap as it comes read each listed file and its last commit: thousands of calls at this size.
  expect(total(large), table.join("\n")).toBeLessThan(300);
});

test("when GitHub refuses, the editor reads when to try again and what they typed stays", async ({
  page,
  context,
}) => {
  test.slow();
  const world = await startAdminWorld({ posts: 0 });
  try {
    await routeGitHubApi(context, world.github.origin);
    await page.goto(`${world.origin}/admin/`);
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Login with GitHub" }).click();
    await (await popup).waitForEvent("close", { timeout: 60_000 });
    await page.evaluate(
      () => (location.hash = "#/collections/blog/entries/account-sharing-detection/index"),
    );
    const description = page.locator("textarea[id^='description-field']");
    await expect(description).toHaveValue(/Account sharing costs/, { timeout: 60_000 });

    // The hour's allowance is spent while the editor writes.
    const token = [...world.github.oauth.tokens.keys()].at(-1) ?? "";
    world.github.limits.exhaust(token);
    const typed = "Written while GitHub said no: this must not be lost.";
    await description.fill(typed);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/GitHub has paused this account's requests/)).toBeVisible();
    await expect(page.getByText(/Try again at .+ \(in \d+ minutes?\)/)).toBeVisible();
    await expect(description).toHaveValue(typed);
    expect(world.github.limits.calls.filter((call) => call.refused === "primary")).not.toEqual([]);

    // The next hour: the same Save goes through, with the text as typed.
    world.github.limits.reset();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("button", { name: "Status: Draft" })).toBeVisible({
      timeout: 60_000,
    });
    const branch = "cms/blog/account-sharing-detection/index";
    expect(
      await world.github.git.text([
        "show",
        `${branch}:content/blog/account-sharing-detection/index.md`,
      ]),
    ).toContain(typed);
  } finally {
    // The admin keeps polling GitHub: its requests in flight end with the routes, not against a closed fake.
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await page.close();
    await world.stop();
  }
});
