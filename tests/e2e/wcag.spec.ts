// WCAG 2.2 AA beyond the route sweep, once per page kind (one route per template, and per kind of marketing page):
// axe's WCAG 2.2 and best-practice rules at 320 px with the cookie banner open; then, consent given and every
// island started (the live demo identified), under prefers-reduced-motion: no horizontal scrolling at 320 px,
// nothing left moving, every kind of control showing its focus in pixels (also in forced colours), and no text
// clipped with the text-spacing criterion's spacing at 320 and 1280 px. routes.spec.ts walks every route with the
// keyboard; the checks themselves are in support/wcag.ts.
import type { Page } from "@playwright/test";
import { checkA11y, expect, test } from "./fixtures";
import { allIslandsReady, pageReady } from "./support/ready";
import {
  DESKTOP,
  HELP,
  PHONE,
  clippedWithTextSpacing,
  duplicateIds,
  expectFocusWalk,
  helpPlaces,
  invisibleFocus,
  overflowX,
  runningMotion,
  walkFocus,
} from "./support/wcag";

test.use({ presetConsent: false, reducedMotion: "reduce" });

const banner = (page: Page) => page.locator("[data-consent-banner]");

/**
 * One route per template, and per kind of marketing page (a lead form's page is the demo's, a page of questions is
 * pricing's), and what shows it is complete once consent is given.
 */
const KINDS: { path: string; kind: string; done?: (page: Page) => Promise<void> }[] = [
  { path: "/", kind: "home (A/B page, code sample)" },
  { path: "/pricing/", kind: "pricing (plans, estimator, questions)" },
  {
    path: "/demo/",
    kind: "demo (lead form, live demo)",
    done: (page) =>
      expect(page.locator("[data-demo-state]:visible")).toHaveAttribute(
        "data-demo-state",
        "loaded",
      ),
  },
  { path: "/resources/comparisons/ip-reputation-services/", kind: "comparison" },
  {
    path: "/careers/jobs/",
    kind: "job board",
    done: (page) => expect(page.getByTestId("job-group").first()).toBeVisible(),
  },
  { path: "/legal/privacy-policy/", kind: "legal text" },
  { path: "/blog/", kind: "blog list" },
  { path: "/blog/credential-stuffing-layered-defense/", kind: "blog post" },
  { path: "/case-studies/", kind: "case study list" },
  { path: "/case-studies/lumina-bank/", kind: "case study" },
  { path: "/webinars/", kind: "webinar list" },
  { path: "/webinars/credential-stuffing-2025/", kind: "webinar" },
  { path: "/search/?q=fraud", kind: "search results" },
  { path: "/no-such-page-7c1e/", kind: "not found" },
];

for (const { path: pagePath, kind, done } of KINDS) {
  test(`${kind}: ${pagePath} at 320 and 1280 px, banner open then consent given`, async ({
    page,
  }) => {
    await test.step("320 px, banner open: axe, the Tab key's walk beside the scripted one", async () => {
      await page.setViewportSize(PHONE);
      await page.goto(pagePath);
      await pageReady(page);
      await expect(banner(page)).toBeVisible();
      await allIslandsReady(page);
      await checkA11y(page);
      // The Tab key's walk where the banner covers most: every control reached, in order, none hidden, focus
      // never held; and the same stops, equally in sight, as the scripted walk finds, so that cheaper walk
      // stands for the keyboard on every route of the sweep.
      const scripted = await walkFocus(page, "script");
      const keyed = await expectFocusWalk(page, "320 px, banner open", "keyboard");
      expect({ keys: keyed.keys, hidden: keyed.hidden }, keyed.stops.join("\n")).toEqual({
        keys: scripted.keys,
        hidden: scripted.hidden,
      });
      if (pagePath === "/") {
        // The banner is the same on every page: its controls' focus, once, in both colour modes.
        expect(await invisibleFocus(page, "[data-consent-banner]"), "banner").toEqual([]);
        await page.emulateMedia({ forcedColors: "active" });
        expect(await invisibleFocus(page, "[data-consent-banner]"), "banner, forced").toEqual([]);
        await page.emulateMedia({ forcedColors: "none" });
      }
    });
    await test.step("consent given: reflow at 320 px, motion, the Tab key's walk at 1280 px", async () => {
      await banner(page).getByRole("button", { name: "Accept all" }).click();
      await expect(banner(page)).toBeHidden();
      await allIslandsReady(page);
      await done?.(page);
      expect(await overflowX(page), "horizontal scrolling at 320 px").toEqual({
        excess: 0,
        culprits: [],
      });
      expect(await runningMotion(page), "motion under reduced motion, 320 px").toEqual([]);
      await page.setViewportSize(DESKTOP);
      await allIslandsReady(page);
      expect(await runningMotion(page), "motion under reduced motion, 1280 px").toEqual([]);
      await expectFocusWalk(page, "1280 px, consent given", "keyboard");
    });
    await test.step("focus visible in pixels, also in forced colours", async () => {
      // The header, footer and their controls are the same on every page: checked on the home page.
      const scope = pagePath === "/" ? "body" : "main";
      expect(await invisibleFocus(page, scope), "controls without a visible focus").toEqual([]);
      await page.emulateMedia({ forcedColors: "active" });
      expect(await invisibleFocus(page, scope), "… in forced colours").toEqual([]);
      await page.emulateMedia({ forcedColors: "none" });
    });
    await test.step("text spacing at 1280 and 320 px", async () => {
      expect(await clippedWithTextSpacing(page), "text clipped, 1280 px").toEqual([]);
      await page.setViewportSize(PHONE);
      expect(await clippedWithTextSpacing(page), "text clipped, 320 px").toEqual([]);
    });
  });
}

test.describe("the newsletter popup", () => {
  test.use({ quietPopups: false });

  test("holds the keyboard while open, shows every stop, and lets go on Escape, at both widths", async ({
    page,
  }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto("/blog/credential-stuffing-layered-defense/");
      await pageReady(page);
      await banner(page).getByRole("button", { name: "Reject all" }).click();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.6));
      const popup = page.getByRole("dialog", { name: "Enjoying the article?" });
      await expect(popup).toBeVisible();
      const walk = await expectFocusWalk(page, `${viewport.width} px, popup open`, "keyboard");
      expect(walk.stops.every((stop) => stop.endsWith(" in dialog"))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(popup).toBeHidden();
      await page.evaluate(() => window.localStorage.clear());
    }
  });
});

test("the checks fail on what they look for", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/about-us/");
  await pageReady(page);
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(banner(page)).toBeHidden();
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    // Wider than the screen, clipped when spaced, moving for ever, a control with no focus style at all.
    const wide = Object.assign(document.createElement("div"), { textContent: "wide" });
    wide.style.width = "400px";
    const tight = Object.assign(document.createElement("p"), { textContent: "two words" });
    Object.assign(tight.style, { height: "1.2em", overflow: "hidden", width: "10em" });
    wide.animate([{ opacity: 1 }, { opacity: 0.5 }], { duration: 1000, iterations: Infinity });
    const plain = Object.assign(document.createElement("button"), { textContent: "No ring" });
    plain.style.outline = "none";
    // And an id the page already uses.
    const twin = Object.assign(document.createElement("span"), { id: "main" });
    main.prepend(wide, tight, plain, twin);
  });
  expect(await duplicateIds(page)).toEqual(["#main ×2"]);
  expect((await overflowX(page)).excess).toBeGreaterThan(0);
  expect(await clippedWithTextSpacing(page)).toEqual([expect.stringContaining("two words")]);
  expect(await runningMotion(page)).toEqual([expect.stringContaining("script animation")]);
  expect(await invisibleFocus(page, "main")).toContain('button "No ring" in main');
});

test("the keyboard walk fails on a hidden stop, a jump in the order and a trap", async ({
  page,
}) => {
  await page.goto("/about-us/");
  await pageReady(page);
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(banner(page)).toBeHidden();
  // Something drawn over the lower half of the screen that the page does not keep focus clear of, and a link
  // that jumps the queue.
  await page.evaluate(() => {
    const cover = document.createElement("div");
    Object.assign(cover.style, {
      position: "fixed",
      inset: "50% 0 0 0",
      background: "white",
      zIndex: "99",
    });
    const early = Object.assign(document.createElement("a"), { href: "#", textContent: "Early" });
    early.tabIndex = 3;
    document.querySelector("footer")!.append(early);
    document.body.append(cover);
  });
  const walk = await walkFocus(page, "keyboard");
  expect(walk.wrapped).toBe(true);
  expect(walk.hidden.length).toBeGreaterThan(0);
  // Reached first (out of the document's order), or only after coming round: either way, named.
  expect([...walk.outOfOrder, ...walk.missed].join("\n")).toContain('a "Early" in footer');

  // A field that takes the focus back whenever Tab would leave it.
  await page.evaluate(() => {
    const field = Object.assign(document.createElement("input"), { ariaLabel: "Trap" });
    field.addEventListener("keydown", (event) => {
      if (event.key === "Tab") event.preventDefault();
    });
    document.querySelector("main")!.prepend(field);
  });
  const trapped = await walkFocus(page, "keyboard");
  expect(trapped.wrapped).toBe(false);
  expect(trapped.missed.length).toBeGreaterThan(10);
});

test("help in another place reads differently: a page without the header's Contact sales, or with it moved", async ({
  page,
  request,
}) => {
  await page.goto("/about-us/");
  const html = await (await request.get("/about-us/")).text();
  const here = await helpPlaces(page, html, HELP);
  expect(here).toMatch(/^header .*\d+:\/contact-sales\/.*\| footer \d+:/);
  const [moved, gone] = await page.evaluate((text) => {
    const edit = (change: (contact: Element) => void) => {
      const doc = new DOMParser().parseFromString(text, "text/html");
      change(doc.querySelector('header a[href="/contact-sales/"]')!);
      return doc.documentElement.outerHTML;
    };
    return [
      edit((contact) => contact.parentElement!.prepend(contact)),
      edit((contact) => contact.remove()),
    ];
  }, html);
  expect(await helpPlaces(page, moved, HELP)).not.toBe(here);
  expect(await helpPlaces(page, gone, HELP)).not.toBe(here);
});
