// WCAG 2.2 checks axe does not make, run in Chromium on the built site: the keyboard walk (2.1.1, 2.1.2, 2.4.3,
// 2.4.11), focus visible in pixels (2.4.7, also in forced colours), reflow (1.4.10), text spacing (1.4.12),
// motion under prefers-reduced-motion, and duplicate ids. Each returns what it found; the specs assert.
import { expect, type Page } from "@playwright/test";
import { headerActions } from "../../../src/config/navigation";
import { site } from "../../../src/config/site";

/** The widths the checks run at: a small phone (the reflow criterion's 320 CSS px) and a laptop. */
export const PHONE = { width: 320, height: 568 };
export const DESKTOP = { width: 1280, height: 720 };

/** What one walk with the Tab key found. */
export interface FocusWalk {
  /** Every stop, in the order Tab reached it. */
  stops: string[];
  /** The same stops as numbers that stay with each element for the document's life (to compare two walks). */
  keys: number[];
  /** Stops entirely hidden (by the header, the banner or anything else drawn over them) once focused. */
  hidden: string[];
  /** Visible controls Tab never reached (or reached only after looping: a trap). */
  missed: string[];
  /** Stops reached before the one above them in the document: Tab order is not the reading order. */
  outOfOrder: string[];
  /** Whether focus came back round to the start: nothing held it (no keyboard trap). */
  wrapped: boolean;
}

/** The helpers the specs call inside the page (installed by `install`, gone with the document). */
interface InPage {
  controls(): Element[];
  label(element: Element): string;
  key(element: Element): number;
  shown(element: Element): boolean;
  begin(): number;
  record(): void;
  wrapped: boolean;
  seen: { element: Element; shown: boolean }[];
  looks: Element[];
}

declare global {
  interface Window {
    __wcag?: InPage;
  }
}

/** Puts the helpers in the page (once per document). */
async function install(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (window.__wcag) return;
    const FOCUSABLE =
      'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [tabindex], [contenteditable="true"], [contenteditable=""], audio[controls], video[controls]';
    let keys = 0;
    const helpers: InPage = {
      wrapped: false,
      seen: [],
      looks: [],
      // Every control a visitor can see and should reach with Tab: rendered, enabled, not inert, tabindex ≥ 0;
      // of a group of radio buttons only the first (Tab enters a group once).
      controls() {
        const groups = new Set<string>();
        // A modal dialog makes the rest of the page inert.
        const modal = document.querySelector("dialog:modal");
        return [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
          if (element.tabIndex < 0 || element.closest("[inert]")) return false;
          if (modal && !modal.contains(element)) return false;
          if ((element as HTMLButtonElement).disabled) return false;
          if (!element.checkVisibility({ visibilityProperty: true })) return false;
          const box = element.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) return false;
          if (element instanceof HTMLInputElement && element.type === "radio" && element.name) {
            const key = `${element.form?.id ?? ""}/${element.name}`;
            if (groups.has(key)) return false;
            groups.add(key);
          }
          return true;
        });
      },
      label(element) {
        const name =
          element.getAttribute("aria-label") ??
          (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
        const id = element.id ? `#${element.id}` : "";
        const where = element.closest("header, footer, [data-consent-banner], main, dialog");
        return `${element.tagName.toLowerCase()}${id} "${name}"${where ? ` in ${where.tagName.toLowerCase()}${where.hasAttribute("data-consent-banner") ? " (cookie banner)" : ""}` : ""}`;
      },
      key(element) {
        const keyed = element as Element & { __wcagKey?: number };
        keyed.__wcagKey ??= ++keys;
        return keyed.__wcagKey;
      },
      // Not entirely hidden: some point of the element, inside the viewport, is the element (or a part of it)
      // when the browser looks for what is on top there: a 3 × 3 grid of each of its boxes, then, for a box
      // taller or wider than that grid can judge (a long table scrolled half under the banner), every 12 px.
      // Once things have moved where focus sends them: a transition still running (the skip link sliding away)
      // is taken to its end first.
      shown(element) {
        for (const animation of document.getAnimations())
          if (animation instanceof CSSTransition) animation.finish();
        const boxes = [...element.getClientRects()];
        if (boxes.length === 0) boxes.push(element.getBoundingClientRect());
        const hits = (x: number, y: number) => {
          const hit = document.elementFromPoint(x, y);
          return hit !== null && (hit === element || element.contains(hit));
        };
        const inView = boxes
          .map((box) => ({
            left: Math.max(box.left, 0),
            right: Math.min(box.right, window.innerWidth),
            top: Math.max(box.top, 0),
            bottom: Math.min(box.bottom, window.innerHeight),
          }))
          .filter((box) => box.right - box.left >= 1 && box.bottom - box.top >= 1);
        for (const step of [0, 12])
          for (const box of inView) {
            const along = (from: number, to: number) =>
              step === 0
                ? [0.1, 0.5, 0.9].map((at) => from + (to - from) * at)
                : Array.from(
                    { length: Math.floor((to - from) / step) },
                    (_, at) => from + step * (at + 0.5),
                  );
            for (const x of along(box.left, box.right))
              for (const y of along(box.top, box.bottom)) if (hits(x, y)) return true;
          }
        return false;
      },
      // Starts a walk from the top of the document: a stand-in that cannot be tabbed to takes focus at the very
      // start of <body> (Tab moves on from it to the first stop) and goes on the first key.
      begin() {
        helpers.seen = [];
        helpers.wrapped = false;
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
        const start = document.createElement("span");
        start.tabIndex = -1;
        start.dataset["wcagStart"] = "";
        (document.querySelector("dialog:modal") ?? document.body).prepend(start);
        start.focus({ preventScroll: true });
        return helpers.controls().length;
      },
      // On each Tab's keyup: the browser has moved focus and scrolled it into view.
      record() {
        document.querySelector("[data-wcag-start]")?.remove();
        const element = document.activeElement;
        if (!element || element === document.body || element === document.documentElement) {
          helpers.wrapped = helpers.seen.length > 0;
          return;
        }
        if (helpers.seen.at(-1)?.element === element) return; // inside a frame of its own
        if (helpers.seen[0]?.element === element) {
          helpers.wrapped = true;
          return;
        }
        helpers.seen.push({ element, shown: helpers.shown(element) });
      },
    };
    document.addEventListener(
      "keyup",
      (event) => {
        if (event.key === "Tab" && !helpers.wrapped) helpers.record();
      },
      true,
    );
    window.__wcag = helpers;
  });
}

/**
 * Walks the page from the top as a keyboard visitor would, and says which stops it reached, in which order, and
 * whether each was in sight once the browser had scrolled to it. "keyboard" presses Tab until focus comes back
 * round (so it also finds traps and controls Tab skips); "script" focuses each control in document order with
 * focus(), which scrolls as Tab does (Chromium runs the same steps) at a fraction of the cost: the route sweep
 * takes it for every route, and wcag.spec.ts checks once per page kind that both walks agree. Smooth scrolling
 * is off for the walk (the page's own style under prefers-reduced-motion): where a stop ends up is the same, and
 * it is there at once.
 */
export async function walkFocus(page: Page, by: "keyboard" | "script"): Promise<FocusWalk> {
  await install(page);
  // A frame first, so whatever the page measures after a resize (the banner's height) is in place.
  const controls = await page.evaluate(async (scripted) => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    document.documentElement.style.scrollBehavior = "auto";
    const helpers = window.__wcag!;
    const count = helpers.begin();
    if (scripted) {
      document.querySelector("[data-wcag-start]")?.remove();
      // Tab takes a positive tabindex first (lowest first), then the document's order.
      const rank = (element: Element) => {
        const index = (element as HTMLElement).tabIndex;
        return index > 0 ? index : Number.MAX_SAFE_INTEGER;
      };
      const order = helpers
        .controls()
        .map((element, at) => ({ element, at }))
        .sort((a, b) => rank(a.element) - rank(b.element) || a.at - b.at);
      for (const { element } of order) {
        (element as HTMLElement).focus({ focusVisible: true } as FocusOptions);
        helpers.seen.push({ element, shown: helpers.shown(element) });
      }
      helpers.wrapped = true;
    }
    return count;
  }, by === "script");
  if (by === "keyboard") {
    // The browser's own key events, ten at a time without waiting for each answer (in order all the same: the
    // stops come out as with one press at a time, in a seventh of the time). A trap shows as a walk that never
    // comes back round: bounded, it ends with the controls it never reached.
    const session = await page.context().newCDPSession(page);
    const key = (type: "rawKeyDown" | "keyUp") =>
      session.send("Input.dispatchKeyEvent", {
        type,
        key: "Tab",
        code: "Tab",
        windowsVirtualKeyCode: 9,
        nativeVirtualKeyCode: 9,
      });
    const limit = controls * 2 + 40;
    for (let presses = 0; presses < limit; presses += 10) {
      await Promise.all(Array.from({ length: 10 }, () => [key("rawKeyDown"), key("keyUp")]).flat());
      if (await page.evaluate(() => window.__wcag!.wrapped)) break;
    }
    await session.detach();
  }
  return page.evaluate(() => {
    const helpers = window.__wcag!;
    document.documentElement.style.removeProperty("scroll-behavior");
    (document.activeElement as HTMLElement | null)?.blur();
    const reached = new Set(helpers.seen.map((stop) => stop.element));
    const inGroup = (element: Element) =>
      element instanceof HTMLInputElement && element.type === "radio" && element.name
        ? [...reached].some(
            (other) =>
              other instanceof HTMLInputElement &&
              other.type === "radio" &&
              other.name === element.name &&
              other.form === element.form,
          )
        : false;
    const outOfOrder: string[] = [];
    helpers.seen.forEach((stop, at) => {
      const before = helpers.seen[at - 1]?.element;
      if (
        before &&
        !(before.compareDocumentPosition(stop.element) & Node.DOCUMENT_POSITION_FOLLOWING)
      )
        outOfOrder.push(`${helpers.label(stop.element)} after ${helpers.label(before)}`);
    });
    return {
      stops: helpers.seen.map((stop) => helpers.label(stop.element)),
      keys: helpers.seen.map((stop) => helpers.key(stop.element)),
      hidden: helpers.seen.filter((stop) => !stop.shown).map((stop) => helpers.label(stop.element)),
      missed: helpers
        .controls()
        .filter((element) => !reached.has(element) && !inGroup(element))
        .map((element) => helpers.label(element)),
      outOfOrder,
      wrapped: helpers.wrapped,
    };
  });
}

/** Walks the page (see walkFocus) and fails naming every stop hidden, control missed or stop out of order. */
export async function expectFocusWalk(
  page: Page,
  when: string,
  by: "keyboard" | "script" = "script",
): Promise<FocusWalk> {
  const walk = await walkFocus(page, by);
  // Soft: a page reports what it found at every width and state, not only the first.
  expect
    .soft(
      {
        hidden: walk.hidden,
        missed: walk.missed,
        outOfOrder: walk.outOfOrder,
        wrapped: walk.wrapped,
      },
      `the focus walk (${by}) at ${when}, ${walk.stops.length} stops`,
    )
    .toEqual({ hidden: [], missed: [], outOfOrder: [], wrapped: true });
  return walk;
}

/**
 * 2.4.7 in pixels: for each distinct look of control (tag, classes, type, the colour behind it) within `scope`,
 * the control's box and a margin around it (where outlines are drawn) is photographed unfocused and focused
 * from the keyboard; identical pictures mean no visible indicator. Returns the controls without one.
 */
export async function invisibleFocus(page: Page, scope = "body"): Promise<string[]> {
  await install(page);
  const count = await page.evaluate((selector) => {
    const helpers = window.__wcag!;
    const backdrop = (element: Element): string => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.backgroundImage !== "none") return style.backgroundImage.slice(0, 60);
        if (style.backgroundColor !== "rgba(0, 0, 0, 0)") return style.backgroundColor;
      }
      return "canvas";
    };
    const looks = new Map<string, Element>();
    for (const element of helpers.controls()) {
      if (!element.closest(selector) || element.tagName === "IFRAME") continue;
      const key = [
        element.tagName,
        element.getAttribute("class") ?? "",
        element.getAttribute("type") ?? "",
        backdrop(element.parentElement ?? element),
      ].join("|");
      if (!looks.has(key)) looks.set(key, element);
    }
    helpers.looks = [...looks.values()];
    return helpers.looks.length;
  }, scope);
  const without: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const clip = await page.evaluate((at) => {
      const element = window.__wcag!.looks[at]!;
      (document.activeElement as HTMLElement | null)?.blur();
      element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      const box = element.getBoundingClientRect();
      const margin = 8;
      const x = Math.max(0, box.left - margin);
      const y = Math.max(0, box.top - margin);
      const width = Math.min(window.innerWidth, box.right + margin) - x;
      const height = Math.min(window.innerHeight, box.bottom + margin) - y;
      return width >= 1 && height >= 1 ? { x, y, width, height } : null;
    }, index);
    if (!clip) continue;
    const before = await page.screenshot({ clip, animations: "disabled" });
    await page.evaluate((at) => {
      (window.__wcag!.looks[at] as HTMLElement).focus({ preventScroll: true });
    }, index);
    const after = await page.screenshot({ clip, animations: "disabled" });
    if (before.equals(after))
      without.push(
        await page.evaluate((at) => window.__wcag!.label(window.__wcag!.looks[at]!), index),
      );
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return without;
}

/**
 * 1.4.10: how much wider than the viewport the page is, and the outermost boxes reaching past its right edge
 * (what pushes; a wide table inside a box that scrolls sideways is not counted).
 */
export async function overflowX(page: Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const excess = root.scrollWidth - root.clientWidth;
    if (excess <= 0) return { excess: 0, culprits: [] };
    const scrolls = (element: Element) => getComputedStyle(element).overflowX !== "visible";
    const past: Element[] = [];
    const visit = (parent: Element) => {
      for (const element of parent.children) {
        if (element.getBoundingClientRect().right > root.clientWidth + 1) past.push(element);
        else if (!scrolls(element)) visit(element);
      }
    };
    visit(document.body);
    const culprits = past.slice(0, 10).map((element) => {
      const box = element.getBoundingClientRect();
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""} "${text}" (${Math.round(box.left)}–${Math.round(box.right)} px)`;
    });
    return { excess, culprits };
  });
}

/**
 * 1.4.12: applies the criterion's spacing to every element (line height 1.5, paragraphs 2 em apart, letters
 * 0.12 em, words 0.16 em) and lists the text that no longer fits the box that clips it (overflow hidden or
 * clip, an ellipsis, a line clamp). The spacing stays until the page is left.
 */
export async function clippedWithTextSpacing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }" +
        " p { margin-bottom: 2em !important; }",
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const clipped: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const style = getComputedStyle(element);
      const clips = (value: string) => value === "hidden" || value === "clip";
      if (!clips(style.overflowX) && !clips(style.overflowY)) continue;
      const hasText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() !== "",
      );
      if (!hasText || !element.checkVisibility({ visibilityProperty: true })) continue;
      // Visually hidden text (1 px, clipped on purpose) is for screen readers, which it still reaches.
      if (element.clientWidth <= 1 || element.clientHeight <= 1) continue;
      const overX = clips(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const overY = clips(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if (overX || overY)
        clipped.push(
          `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""} "${(element.textContent ?? "").trim().slice(0, 40)}" (${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight})`,
        );
    }
    return clipped;
  });
}

/**
 * Motion left running: every animation or transition the document is playing that lasts longer than a frame or
 * repeats for ever (for a page loaded with prefers-reduced-motion: reduce).
 */
export async function runningMotion(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => {
        if (animation.playState !== "running") return false;
        const timing = animation.effect?.getComputedTiming();
        const duration = Number(timing?.activeDuration ?? 0);
        return !Number.isFinite(duration) || duration > 1000 / 60;
      })
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        const name =
          animation instanceof CSSAnimation
            ? `animation ${animation.animationName}`
            : animation instanceof CSSTransition
              ? `transition of ${animation.transitionProperty}`
              : "script animation";
        return `${name} on ${target ? `${target.tagName.toLowerCase()}.${target.getAttribute("class") ?? ""}` : "?"}`;
      }),
  );
}

/** Ids used more than once in the live document (labels and references would find the first). */
export async function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const counts = new Map<string, number>();
    for (const element of document.querySelectorAll("[id]"))
      counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
    return [...counts].filter(([, count]) => count > 1).map(([id, count]) => `#${id} ×${count}`);
  });
}

/**
 * Help a visitor finds on every page (WCAG 3.2.6): contacting sales, the support page, the documentation and the
 * community chat, wherever the header and footer put them.
 */
export const HELP = [
  headerActions.contactSales.url,
  "/support/",
  site.external.docs,
  site.external.community,
];

/**
 * Where a page's HTML puts each help link: its place among the controls of the site's header (the first <header>)
 * and footer (the last <footer>). Pages with the same answer offer help in the same order and place.
 */
export async function helpPlaces(
  page: Page,
  html: string,
  help: readonly string[],
): Promise<string> {
  return page.evaluate(
    ([text, links]) => {
      const doc = new DOMParser().parseFromString(text, "text/html");
      const regions = {
        header: doc.querySelector("header"),
        footer: [...doc.querySelectorAll("footer")].at(-1),
      };
      return Object.entries(regions)
        .map(([name, region]) => {
          const places = [...(region?.querySelectorAll("a[href], button") ?? [])]
            .map((control, at) => ({ at, href: control.getAttribute("href") ?? "" }))
            .filter(({ href }) => links.includes(href))
            .map(({ at, href }) => `${at}:${href}`);
          return `${name} ${places.join(" ")}`;
        })
        .join(" | ");
    },
    [html, help] as const,
  );
}
