// The interactions the interaction benchmark measures: where each happens, on which screen, and what the visitor does.

/** A phone like Lighthouse's (Moto G Power: 1.75 device pixels per CSS pixel) at the 390 px. */
export const VIEWPORTS = {
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};

/** The page's lead form (the visible A/B variant; not the footer's newsletter form). */
const leadForm = (page) => page.locator("[data-form-slot] form[data-form-id]:visible");

/** A fresh address per run, so each run's lead is a new one. */
const email = (run) => `bench-${Date.now()}-${run}@example.org`;

/**
 * Where a finger lands on a box: at fractions of its width and height (the centre by default), in whole CSS
 * pixels; `problem` says why not when the point is outside the viewport.
 */
export function tapPoint(box, viewport, at = { x: 0.5, y: 0.5 }) {
  const x = Math.round(box.x + box.width * at.x);
  const y = Math.round(box.y + box.height * at.y);
  const inside = x >= 0 && y >= 0 && x < viewport.width && y < viewport.height;
  return {
    x,
    y,
    problem: inside
      ? null
      : `(${x}, ${y}) is outside the ${viewport.width}×${viewport.height} viewport`,
  };
}

/**
 * A finger's tap on the element: touch start and touch end through the DevTools protocol, what Playwright's own
 * `tap()` sends, without its hit-target check. That check listens to the page's pointer and touch events and runs
 * `elementsFromPoint` in each, inside the tap being measured, then evaluates again as the touch ends (3 to 6 ms
 * of a tap at 4×, in the CPU profiles): work no visitor's browser does. The check is made here once, before the
 * tap: the point is in the viewport and on the element.
 */
export async function fingerTap(page, target, at) {
  const box = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });
  const viewport = await page.evaluate(() => ({
    width: globalThis.innerWidth,
    height: globalThis.innerHeight,
  }));
  const point = tapPoint(box, viewport, at);
  if (point.problem) throw new Error(`the tap missed: ${point.problem}`);
  const onTarget = await target.evaluate((element, { x, y }) => {
    const hit = globalThis.document.elementFromPoint(x, y);
    return hit === null ? "nothing" : element.contains(hit) ? null : hit.tagName.toLowerCase();
  }, point);
  if (onTarget) throw new Error(`the tap missed: (${point.x}, ${point.y}) is on ${onTarget}`);
  await page.touchscreen.tap(point.x, point.y);
}

/**
 * Each interaction: the route, the screen, the visitor's country (US: no banner, analytics and identification
 * run as for most visitors; DE: the consent banner and the demo's start button), whether the visitor taps or
 * types (`kind`), the element the visitor uses, anything set up before it that is not an interaction (filling
 * fields with `fill` dispatches no key or pointer event), the interaction itself, and what shows that it took
 * effect.
 */
export const INTERACTIONS = [
  {
    id: "phone-menu",
    label: "Open the phone menu (tap)",
    route: "/",
    viewport: "phone",
    country: "US",
    kind: "tap",
    target: (page) => page.getByRole("button", { name: "Open menu" }),
    act: (page, target) => fingerTap(page, target),
    done: (page) => page.locator("#phone-menu").waitFor({ state: "visible" }),
  },
  {
    id: "consent-accept",
    label: "Accept all on the consent banner (tap, EU visitor)",
    route: "/",
    viewport: "phone",
    country: "DE",
    kind: "tap",
    target: (page) => page.getByRole("button", { name: "Accept all" }),
    act: (page, target) => fingerTap(page, target),
    done: (page) => page.locator("[data-consent-banner]").waitFor({ state: "detached" }),
  },
  {
    id: "header-menu",
    label: "Open a header menu (Enter on Platform; with a mouse it opens on hover)",
    route: "/",
    viewport: "desktop",
    country: "US",
    kind: "keys",
    target: (page) => page.getByRole("button", { name: "Platform" }),
    act: async (page, target) => {
      await target.focus();
      await page.keyboard.press("Enter");
    },
    done: (page) => page.locator("#menu-platform").waitFor({ state: "visible" }),
  },
  {
    id: "type-email",
    label: "Type an email address on /contact-sales/ (20 keys, 120 ms apart)",
    route: "/contact-sales/",
    viewport: "phone",
    country: "US",
    kind: "keys",
    target: (page) => leadForm(page).getByLabel("Work email", { exact: true }),
    act: async (page, target) => {
      await target.focus();
      await page.keyboard.type("ana.ruiz@example.com", { delay: 120 });
    },
    done: async () => {},
  },
  {
    id: "price-estimator",
    label: "Move the price estimator (tap on the slider)",
    route: "/pricing/",
    viewport: "phone",
    country: "US",
    kind: "tap",
    target: (page) => page.locator('input[type="range"]').first(),
    prepare: (page, target) => target.scrollIntoViewIfNeeded(),
    act: (page, target) => fingerTap(page, target, { x: 0.7, y: 0.5 }),
    done: async () => {},
  },
  {
    id: "lead-submit",
    label: "Submit the contact-sales form (tap, fields filled)",
    route: "/contact-sales/",
    viewport: "phone",
    country: "US",
    kind: "tap",
    target: (page) => leadForm(page).getByRole("button", { name: "Talk to sales" }),
    prepare: async (page, target, run) => {
      const form = leadForm(page);
      await form.getByLabel("Work email", { exact: true }).fill(email(run));
      await form.getByLabel("Job title").fill("Head of Risk");
      await form.getByLabel("Company website").fill("shop.example.com");
      await form.getByLabel("Monthly identification requests").selectOption("100k-1m");
      await form.getByLabel("What would you like to solve?").fill("Card testing at checkout.");
      await target.scrollIntoViewIfNeeded();
    },
    act: (page, target) => fingerTap(page, target),
    done: (page) => page.locator('[data-form-state="success"]').waitFor({ state: "visible" }),
  },
  {
    id: "demo-start",
    label: "Start the demo (tap, EU visitor)",
    route: "/demo/",
    viewport: "phone",
    country: "DE",
    kind: "tap",
    target: (page) =>
      page
        .locator("[data-demo-state='consent']:visible")
        .getByRole("button", { name: "Start the demo" }),
    // Near the top of the screen, below the header: centred, the consent banner (fixed at the bottom) covers it.
    prepare: (page, target) =>
      target.evaluate((element) =>
        globalThis.scrollBy({
          top: element.getBoundingClientRect().top - 160,
          behavior: "instant",
        }),
      ),
    act: (page, target) => fingerTap(page, target),
    done: (page) =>
      page.locator("[data-demo-state='loaded']:visible").waitFor({ state: "visible" }),
  },
];

/** A page with no script and no style: what a tap costs the browser (and the harness) alone. */
export const FLOOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Floor</title></head>
<body><main><h1>Floor</h1><p>A paragraph nothing handles: tapping it costs only what the browser does for any tap.</p>
</main></body></html>`;

/**
 * Reference taps (`--floors`), measured like the interactions but judged against no budget: a tap on a paragraph
 * on a page with no script (the browser's and the harness's own cost of a tap at this CPU speed), the same tap on
 * the home page before consent (the site's own listeners: React's root handlers), and after it for a US visitor
 * (the analytics SDK's click capture as well). An interaction's INP less the matching floor is what its own
 * handlers and frame cost.
 */
export const REFERENCES = [
  paragraphTap(
    "floor-no-script",
    "Tap a paragraph on a page with no script (served by the bench)",
    "DE",
    { route: "/__bench/floor/", page: FLOOR_PAGE },
  ),
  paragraphTap(
    "floor-site",
    "Tap a paragraph on / before consent (React's listeners, no SDK)",
    "DE",
  ),
  paragraphTap(
    "floor-site-sdk",
    "Tap a paragraph on / as a US visitor (the SDKs running, their click capture too)",
    "US",
  ),
];

/** A reference tap on the first paragraph of the page's main content, on a phone. */
function paragraphTap(id, label, country, where = { route: "/" }) {
  return {
    id,
    label,
    ...where,
    viewport: "phone",
    country,
    kind: "tap",
    reference: true,
    target: (page) => page.locator("main p").first(),
    prepare: (page, target) => target.scrollIntoViewIfNeeded(),
    act: (page, target) => fingerTap(page, target),
    done: async () => {},
  };
}

/** The interactions named in a comma-separated list (all when empty); an unknown name is an error. */
export function selectInteractions(list, all = INTERACTIONS) {
  if (!list) return all;
  const wanted = list
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = wanted.filter((id) => !all.some((i) => i.id === id));
  if (unknown.length > 0)
    throw new Error(
      `unknown interaction ${unknown.join(", ")}; known: ${all.map((i) => i.id).join(", ")}`,
    );
  return all.filter((i) => wanted.includes(i.id));
}
