// What `npm run bench:interactions` measures: the site's seven key interactions, and the floors each is judged
// against (the same kind of input on a page with no script, and on the site where nothing handles it).
import type { Locator, Page } from "@playwright/test";

/** A phone like Lighthouse's (Moto G Power: 1.75 device pixels per CSS pixel) at 390 px, and a desktop. */
export const VIEWPORTS = {
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};

export type Interaction = {
  id: string;
  label: string;
  route: string;
  viewport: keyof typeof VIEWPORTS;
  /** US: no banner, analytics and identification start as for most visitors; DE: the consent banner shows. */
  country: "US" | "DE";
  /** The floor a figure is judged against; none for a floor itself. */
  floor?: string;
  /** A page the bench serves itself on the site's origin instead of the build's (nothing added to the build). */
  page?: string;
  target(page: Page): Locator;
  /** Set-up that is no interaction (`fill` dispatches no key or pointer event). */
  prepare?(page: Page, target: Locator, run: number): Promise<unknown>;
  act(page: Page, target: Locator): Promise<unknown>;
  /** What shows that the interaction took effect. */
  done?(page: Page): Promise<unknown>;
};

/**
 * A finger's tap at a point of the element (fractions of its box, the centre by default): touch start and end
 * through the DevTools protocol. Playwright's own `tap()` would check the target inside the tap being measured (its
 * listeners run in the page); the check is made here once, before it.
 */
export async function fingerTap(
  page: Page,
  target: Locator,
  at = { x: 0.5, y: 0.5 },
): Promise<void> {
  const box = await target.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) throw new Error("the tap missed: the element has no box");
  const x = Math.round(box.x + box.width * at.x);
  const y = Math.round(box.y + box.height * at.y);
  if (x < 0 || y < 0 || x >= size.width || y >= size.height)
    throw new Error(`the tap missed: (${x}, ${y}) is outside the viewport`);
  // Nothing in front of it (the consent banner is fixed at the bottom of the screen).
  const covered = await target.evaluate(
    (element, point) => {
      const hit = globalThis.document.elementFromPoint(point.x, point.y);
      return hit && element.contains(hit) ? null : (hit?.tagName.toLowerCase() ?? "nothing");
    },
    { x, y },
  );
  if (covered) throw new Error(`the tap missed: (${x}, ${y}) is on ${covered}`);
  await page.touchscreen.tap(x, y);
}

/** The page's lead form (the visible A/B variant; not the footer's newsletter form). */
const leadForm = (page: Page) => page.locator("[data-form-slot] form[data-form-id]:visible");
const tap = (page: Page, target: Locator) => fingerTap(page, target);
const EMAIL = "ana.ruiz@example.com";
const typeEmail = async (page: Page, target: Locator) => {
  await target.focus();
  await page.keyboard.type(EMAIL, { delay: 120 });
};
const visible = (selector: string) => (page: Page) =>
  page.locator(selector).waitFor({ state: "visible" });

/** A page with no script and no style: what a tap or a key costs the browser (and the harness) alone. */
const NO_SCRIPT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Floor</title></head>
<body><main><h1>Floor</h1><p>A paragraph nothing handles: a tap on it costs what the browser does for any tap.</p>
<label>Email <input type="email"></label></main></body></html>`;
const paragraph = (page: Page) => page.locator("main p").first();
const scrollTo = (_page: Page, target: Locator) => target.scrollIntoViewIfNeeded();

export const FLOORS: Interaction[] = [
  {
    id: "floor-tap-no-script",
    label: "Tap a paragraph on a page with no script",
    route: "/__bench/floor/",
    page: NO_SCRIPT_PAGE,
    viewport: "phone",
    country: "DE",
    target: paragraph,
    act: tap,
  },
  {
    id: "floor-keys-no-script",
    label: `Type ${EMAIL} into an input on a page with no script`,
    route: "/__bench/floor/",
    page: NO_SCRIPT_PAGE,
    viewport: "phone",
    country: "DE",
    target: (page) => page.getByLabel("Email"),
    act: typeEmail,
  },
  {
    id: "floor-tap-eu",
    label: "Tap a paragraph on / before consent (React's listeners, no SDK)",
    route: "/",
    viewport: "phone",
    country: "DE",
    target: paragraph,
    prepare: scrollTo,
    act: tap,
  },
  {
    id: "floor-tap-us",
    label: "Tap a paragraph on / as a US visitor (the SDKs and their click capture running)",
    route: "/",
    viewport: "phone",
    country: "US",
    target: paragraph,
    prepare: scrollTo,
    act: tap,
  },
];

export const INTERACTIONS: Interaction[] = [
  {
    id: "phone-menu",
    label: "Open the phone menu (tap)",
    route: "/",
    viewport: "phone",
    country: "US",
    floor: "floor-tap-us",
    target: (page) => page.getByRole("button", { name: "Open menu" }),
    act: tap,
    done: visible("#phone-menu"),
  },
  {
    id: "consent-accept",
    label: "Accept all on the consent banner (tap, EU visitor)",
    route: "/",
    viewport: "phone",
    country: "DE",
    floor: "floor-tap-eu",
    target: (page) => page.getByRole("button", { name: "Accept all" }),
    act: tap,
    done: (page) => page.locator("[data-consent-banner]").waitFor({ state: "detached" }),
  },
  // A desktop interaction (below 1200 px the header shows the phone menu); a pointer opens it on hover, which INP
  // does not count, so Enter, which runs the same open.
  {
    id: "header-menu",
    label: "Open a header menu (Enter on Platform)",
    route: "/",
    viewport: "desktop",
    country: "US",
    floor: "floor-keys-no-script",
    target: (page) => page.getByRole("button", { name: "Platform" }),
    act: async (page, target) => {
      await target.focus();
      await page.keyboard.press("Enter");
    },
    done: visible("#menu-platform"),
  },
  {
    id: "type-email",
    label: "Type an email address on /contact-sales/ (20 keys, 120 ms apart)",
    route: "/contact-sales/",
    viewport: "phone",
    country: "US",
    floor: "floor-keys-no-script",
    target: (page) => leadForm(page).getByLabel("Work email", { exact: true }),
    act: typeEmail,
  },
  {
    id: "price-estimator",
    label: "Move the price estimator (tap on the slider at 70%)",
    route: "/pricing/",
    viewport: "phone",
    country: "US",
    floor: "floor-tap-us",
    target: (page) => page.locator('input[type="range"]').first(),
    prepare: scrollTo,
    act: (page, target) => fingerTap(page, target, { x: 0.7, y: 0.5 }),
  },
  {
    id: "lead-submit",
    label: "Submit the contact-sales form (tap, fields filled)",
    route: "/contact-sales/",
    viewport: "phone",
    country: "US",
    floor: "floor-tap-us",
    target: (page) => leadForm(page).getByRole("button", { name: "Talk to sales" }),
    prepare: async (page, target, run) => {
      const form = leadForm(page);
      await form
        .getByLabel("Work email", { exact: true })
        .fill(`bench-${Date.now()}-${run}@example.org`);
      await form.getByLabel("Job title").fill("Head of Risk");
      await form.getByLabel("Company website").fill("shop.example.com");
      await form.getByLabel("Monthly identification requests").selectOption("100k-1m");
      await form.getByLabel("What would you like to solve?").fill("Card testing at checkout.");
      await target.scrollIntoViewIfNeeded();
    },
    act: tap,
    done: visible('[data-form-state="success"]'),
  },
  {
    id: "demo-start",
    label: "Start the demo (tap, EU visitor)",
    route: "/demo/",
    viewport: "phone",
    country: "DE",
    floor: "floor-tap-eu",
    target: (page) =>
      page
        .locator("[data-demo-state='consent']:visible")
        .getByRole("button", { name: "Start the demo" }),
    // Near the top of the screen, below the header: centred, the consent banner (fixed at the bottom) covers it.
    prepare: (_page, target) =>
      target.evaluate((element) =>
        globalThis.scrollBy({
          top: element.getBoundingClientRect().top - 160,
          behavior: "instant",
        }),
      ),
    act: tap,
    done: visible("[data-demo-state='loaded']:visible"),
  },
];

/**
 * The interactions named in a comma-separated list (all when empty), after the floors they are judged against and
 * the no-script tap, which tells what any tap costs the browser and the harness on this host today.
 */
export function selectInteractions(list: string | undefined): Interaction[] {
  const wanted = (list ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = wanted.filter((id) => !INTERACTIONS.some((i) => i.id === id));
  if (unknown.length > 0)
    throw new Error(
      `unknown interaction ${unknown.join(", ")}; known: ${INTERACTIONS.map((i) => i.id).join(", ")}`,
    );
  const chosen =
    wanted.length === 0 ? INTERACTIONS : INTERACTIONS.filter((i) => wanted.includes(i.id));
  const floors = FLOORS.filter(
    (f) => f.id === "floor-tap-no-script" || chosen.some((i) => i.floor === f.id),
  );
  return [...floors, ...chosen];
}
