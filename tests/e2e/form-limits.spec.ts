// The sign-up limits in Chromium, on a server of this test's own with them on (the shared one has them off: every
// test posts from one loopback address): a repeat of one email and a full address are refused with words true for
// everyone refused, and the form keeps what was typed, ready to send again.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startSiteServer, type SiteServer } from "./support/githubLogin";

// The browser logs each refused post, which this test provokes on purpose.
test.use({ allowConsoleErrors: [[/status of 429 \(Too Many Requests\)/], { scope: "test" }] });

let server: SiteServer | null = null;
test.afterEach(() => server?.stop());

/** The footer's newsletter sign-up on a fresh page load (a new submission, a new Idempotency-Key). */
async function signUp(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/about-us/`);
  const form = page.locator('form[data-form-id="NewsletterFooter"]:visible').first();
  const field = form.getByLabel("Email", { exact: true });
  await field.fill(email);
  await form.getByRole("button", { name: /./ }).last().click();
  return { form, field };
}

test("a repeated email and a full address are refused with a message that is true for each visitor, typed data kept", async ({
  page,
}) => {
  // Four sign-ups a minute per address; three an hour per email (the default); no HubSpot needed.
  server = await startSiteServer({ LEADS_LIMIT_PER_MINUTE: "4", HUBSPOT_PORTAL_ID: "" });
  const origin = `http://127.0.0.1:${server.port}`;
  const success = page.locator('[data-form-state="success"]').first();

  for (let i = 0; i < 3; i += 1) {
    await signUp(page, origin, "same.reader@example.org");
    await expect(success).toBeVisible();
  }
  const repeat = await signUp(page, origin, "same.reader@example.org");
  await expect(repeat.form.getByRole("alert")).toContainText(
    "This form was just sent several times with this email address. Please wait an hour before sending it again.",
  );
  await expect(repeat.field).toHaveValue("same.reader@example.org");

  // The refused repeat did not count against the address: a colleague still gets in.
  await signUp(page, origin, "colleague@example.org");
  await expect(success).toBeVisible();

  const full = await signUp(page, origin, "another.colleague@example.org");
  const alert = full.form.getByRole("alert");
  await expect(alert).toContainText(
    "Too many sign-ups from your network just now; please try again in a minute.",
  );
  await expect(full.field).toHaveValue("another.colleague@example.org");
  await expect(full.form.getByRole("button", { name: "Try again" })).toBeEnabled();
});
