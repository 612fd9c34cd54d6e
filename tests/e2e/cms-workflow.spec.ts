// The editorial workflow (publish_mode: editorial_workflow) on decap-server's git mode: a new blog post is
// saved as a draft, moved to In review and Ready, then published. decap-server checks branches out in the
// repository it serves, so it serves a scratch repository (a copy of content/ committed on `main`), never
// the developer's working tree. `main` is the branch that deploys: it must not change until the post is
// published, and then hold exactly the post.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { parse } from "yaml";
import { postFrontmatterSchema } from "../../src/data/blogSchema";
import { expect, test } from "./fixtures";
import { openAdmin, startDecapServer, type DecapServer } from "./support/decap";

const root = path.resolve(__dirname, "../..");
const slug = "review-queues-before-checkout";
const file = `content/blog/${slug}/index.md`;
/** decap-server's branch for a draft: cms/<collection>/<slug>, the slug being the entry's path in the folder. */
const draftBranch = `cms/blog/${slug}/index`;
let cms: DecapServer;

test.use({
  // Decap logs its own start-up chatter and React warnings as errors; none of them is a site error.
  allowConsoleErrors: [/./],
});

test.beforeAll(async () => {
  cms = await startDecapServer(root, "cms-workflow-", "git");
});
test.afterAll(() => cms?.stop());

const mainCommit = () => cms.git("rev-parse", "main").trim();
const branches = () =>
  cms.git("branch", "--format=%(refname:short)").split("\n").filter(Boolean).sort();
const onMain = (): string | null => {
  try {
    return cms.git("show", `main:${file}`);
  } catch {
    return null;
  }
};

/** The main branch is untouched: same commit, no post, and its working tree (what a build reads) without it. */
function expectMainUnchanged(commit: string) {
  expect(mainCommit()).toBe(commit);
  expect(onMain()).toBeNull();
  expect(cms.git("rev-parse", "--abbrev-ref", "HEAD").trim()).toBe("main");
  expect(fs.existsSync(path.join(cms.workdir, file))).toBe(false);
}

async function setStatus(page: Page, from: string, to: string) {
  await page.getByRole("button", { name: `Status: ${from}` }).click();
  await page.getByRole("menuitem", { name: to }).click();
  await expect(page.getByRole("button", { name: `Status: ${to}` })).toBeVisible();
}

test("a post goes from new draft through In review and Ready to published; main changes only at publish", async ({
  page,
}) => {
  test.slow();
  const start = mainCommit();
  expect(branches()).toEqual(["main"]);
  await openAdmin(page, cms);
  // The admin is in workflow mode: the board exists and the editor saves drafts instead of publishing.
  await page.goto("/admin/#/workflow");
  await expect(page.getByRole("heading", { name: "Editorial Workflow" })).toBeVisible();

  await page.goto("/admin/#/collections/blog/new");
  await page.locator("input[id^='title-field']").first().fill("Review queues before checkout");
  await page.locator("input[id^='slug-field']").fill(slug);
  await page
    .locator("textarea[id^='description-field']")
    .fill("Why a draft waits for review: a post that goes through the editorial workflow.");
  await page.getByRole("button", { name: "Now" }).first().click();
  for (const [field, typed, option] of [
    ["authors", "Maya", "Maya Okafor"],
    ["tags", "Payment fraud", "Payment fraud"],
  ] as const) {
    const input = page.locator(`input[id^='${field}-field']`);
    await input.click();
    await input.fill(typed);
    await page.getByText(option, { exact: true }).last().click();
  }
  await page.locator("[contenteditable='true']").last().click();
  await page.keyboard.type("Drafts live on a branch of their own until someone publishes them.");

  // Save: a draft on its own branch, main untouched.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Status: Draft" })).toBeVisible({
    timeout: 20_000,
  });
  expect(branches()).toEqual([draftBranch, "main"]);
  const draft = cms.git("show", `${draftBranch}:${file}`);
  expect(draft).toContain("title: Review queues before checkout");
  expectMainUnchanged(start);

  // In review, then Ready: the branch's status changes, main does not.
  await setStatus(page, "Draft", "In review");
  expect(cms.git("config", `branch.${draftBranch}.description`).trim()).toBe(
    "decap-cms/pending_review",
  );
  await page.goto("/admin/#/workflow");
  await expect(page.getByText("1 entry waiting for review, 0 ready to go live.")).toBeVisible();
  expectMainUnchanged(start);
  await page.goto(`/admin/#/collections/blog/entries/${slug}/index`);
  await setStatus(page, "In review", "Ready");
  expect(cms.git("config", `branch.${draftBranch}.description`).trim()).toBe(
    "decap-cms/pending_publish",
  );
  expectMainUnchanged(start);

  // Publish (Decap asks for confirmation first): the branch is merged into main and removed.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
  await expect(page.getByRole("button", { name: "Published", exact: true })).toBeVisible({
    timeout: 20_000,
  });
  expect(mainCommit()).not.toBe(start);
  expect(branches()).toEqual(["main"]);
  // main gained exactly the post, as the draft held it.
  expect(cms.git("diff", "--name-only", start, "main").trim()).toBe(file);
  const published = onMain() ?? "";
  expect(published).toBe(draft);
  const [, frontmatter = ""] = /^---\n([\s\S]*?)\n---\n/.exec(published) ?? [];
  const data = parse(frontmatter) as Record<string, unknown>;
  expect(data).toMatchObject({ slug, authors: ["maya-okafor"], tags: ["payment-fraud"] });
  expect(postFrontmatterSchema.safeParse(data).error?.issues ?? []).toEqual([]);
  expect(fs.existsSync(path.join(cms.workdir, file))).toBe(true);
  // The repository's own content never saw any of it.
  expect(fs.existsSync(path.join(root, file))).toBe(false);
});
