// Foundation pages and chrome: home and its variants, menus by keyboard, phone menu, route announcements,
// the header at three widths, the footer, the app's start-up order, diagrams and button states.
// (routes.spec.ts checks every page's basics, axe and policy, the 404 page included.)
import { site } from "../../src/config/site";
import { checkA11y, expect, hydrated, test } from "./fixtures";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the server-rendered HTML carries the global styles", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Open menu")).toHaveCSS("position", "absolute");
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(
      "system-ui",
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test("home and its variants have distinct titles and headlines", async ({ page }) => {
  const seen = { titles: new Set<string>(), h1: new Set<string>() };
  for (const path of ["/", "/home-a/", "/home-b/"]) {
    await page.goto(path);
    seen.titles.add(await page.title());
    // "/" serves the home experiment: both variants are in the HTML until the flags are read.
    seen.h1.add((await page.locator("h1:visible").textContent()) ?? "");
  }
  expect(seen.titles.size).toBe(3);
  expect(seen.h1.size).toBe(3);
});

test("variants point search engines at the home page and error pages are noindex", async ({
  page,
}) => {
  await page.goto("/home-a/");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
  expect(
    new URL((await page.locator('link[rel="canonical"]').getAttribute("href")) ?? "").pathname,
  ).toBe("/");
  await page.goto("/500/");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test.describe("desktop header menus", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  const menus = ["Developers", "Platform", "Resources", "Demo", "Industries"];

  for (const title of menus) {
    test(`${title} opens and closes by keyboard, returning focus`, async ({ page }) => {
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main", exact: true });
      const button = nav.getByRole("button", { name: title, exact: true });
      await hydrated(button);
      await button.focus();
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await page.keyboard.press("Enter");
      await expect(button).toHaveAttribute("aria-expanded", "true");
      const panel = page.locator(`#${(await button.getAttribute("aria-controls")) ?? ""}`);
      await expect(panel).toBeVisible();
      // Everything in the panel inside its box, and the box inside the window, at the narrowest width the
      // desktop menus show at (the Platform panel's second use-case column once ran 80 px past its edge).
      const overflow = await panel.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const inside = [...el.querySelectorAll("*")].map((d) => d.getBoundingClientRect().right);
        return {
          content: Math.max(0, ...inside.map((right) => right - box.right)),
          window: Math.max(0, box.right - document.documentElement.clientWidth),
        };
      });
      expect(overflow).toEqual({ content: 0, window: 0 });
      await page.keyboard.press("Tab");
      await expect(panel.locator(":focus")).toHaveCount(1);
      await page.keyboard.press("Escape");
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(panel).toBeHidden();
      await expect(button).toBeFocused();
    });
  }

  test("ArrowDown opens a menu and focuses its first entry; Tab past the end closes it", async ({
    page,
  }) => {
    await page.goto("/");
    const button = page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("button", { name: "Industries" });
    await hydrated(button);
    await button.focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.locator("#menu-industries a").first()).toBeFocused();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press("Tab");
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("the Platform menu shows the Protect and Grow use-case groups and the SDK badge shows 14", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    await hydrated(nav.getByRole("button", { name: "Platform" }));
    await nav.getByRole("button", { name: "Platform" }).click();
    await expect(
      page.locator("#menu-platform").getByText("Protect", { exact: true }),
    ).toBeVisible();
    await expect(page.locator("#menu-platform").getByText("Grow", { exact: true })).toBeVisible();
    await nav.getByRole("button", { name: "Developers" }).click();
    await expect(
      page.locator("#menu-developers").getByRole("link", { name: /SDKs and Libraries/ }),
    ).toContainText("14");
  });

  test("once the page settles the closed panels are laid out out of sight, where no link observer sees them", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    const panels = nav.locator("li > [id^='menu-']");
    await expect(panels).toHaveCount(menus.length);
    await expect(nav.locator("li > [id^='menu-'][data-prepared]")).toHaveCount(menus.length, {
      timeout: 20_000,
    });
    for (const panel of await panels.all()) await expect(panel).toBeHidden();
    // Hidden from assistive technology too: of the navigation's links only Pricing is exposed, and axe sees no
    // problem with five laid-out panels in the page.
    await expect(nav.getByRole("link")).toHaveCount(1);
    await checkA11y(page);
    // Laid out (a box with a height), above the page: what an IntersectionObserver (Gatsby's prefetch of a
    // link in view) reports for each closed panel's links, beside the home link as a control.
    const seen = await page.evaluate(async () => {
      const closed = [...document.querySelectorAll<HTMLElement>("nav li > [id^='menu-'][hidden]")];
      const links = closed.flatMap((panel) => [...panel.querySelectorAll("a")]);
      const control = document.querySelector("header a[href='/']");
      const intersecting = await new Promise<Map<Element, boolean>>((resolve) => {
        const observer = new IntersectionObserver((entries) => {
          observer.disconnect();
          resolve(new Map(entries.map((e) => [e.target, e.isIntersecting])));
        });
        for (const el of [...links, control]) if (el) observer.observe(el);
      });
      return {
        boxes: closed.map((panel) => {
          const box = panel.getBoundingClientRect();
          return { height: box.height, bottom: box.bottom };
        }),
        links: links.length,
        linksInView: links.filter((a) => intersecting.get(a)).length,
        control: control ? intersecting.get(control) : undefined,
      };
    });
    expect(seen.control).toBe(true);
    expect(seen.links).toBeGreaterThan(20);
    expect(seen.linksInView).toBe(0);
    for (const box of seen.boxes) {
      expect(box.height).toBeGreaterThan(100);
      expect(box.bottom).toBeLessThan(0);
    }
    // Opening one brings it back under its button, in view, and out of the tab order no longer.
    const button = nav.getByRole("button", { name: "Platform", exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
    const panel = page.locator("#menu-platform");
    await expect(panel).toBeVisible();
    await expect(panel).toBeInViewport();
    const [buttonBox, panelBox] = [await button.boundingBox(), await panel.boundingBox()];
    expect(panelBox!.y).toBeGreaterThan(buttonBox!.y + buttonBox!.height);
    await page.keyboard.press("Tab");
    await expect(panel.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  });

  test("hovering a menu opens it with the mouse", async ({ page }) => {
    await page.goto("/");
    const button = page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("button", { name: "Resources" });
    await hydrated(button);
    await button.hover();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.mouse.move(640, 700);
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  // A backdrop blur under the sticky header, or a wide shadow around the panel, is drawn again in every frame
  // that touches them: opening a menu took 5 to 8 ms longer at a phone's speed with them (docs/performance.md).
  test("the header is opaque without a backdrop blur, and an open panel's shadow stays small", async ({
    page,
  }) => {
    await page.goto("/");
    const button = page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("button", { name: "Platform", exact: true });
    await hydrated(button);
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#menu-platform")).toBeVisible();
    const paint = await page.evaluate(() => {
      const header = document.querySelector("header")!;
      const panel = document.querySelector("#menu-platform")!;
      const filters = [
        getComputedStyle(header).backdropFilter,
        getComputedStyle(header, "::before").backdropFilter,
        getComputedStyle(header, "::after").backdropFilter,
      ];
      // "rgb(16, 19, 42, 0.1) 0px 6px 24px 0px": the third length is the blur.
      const shadow = getComputedStyle(panel).boxShadow;
      const blurs = [...shadow.matchAll(/\)\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px/g)].map(
        (m) => Number(m[3]),
      );
      return { filters, background: getComputedStyle(header).backgroundColor, blurs };
    });
    expect(paint.filters).toEqual(["none", "none", "none"]);
    expect(paint.background).toBe("rgb(255, 255, 255)");
    expect(paint.blurs.length).toBeGreaterThan(0);
    for (const blur of paint.blurs) expect(blur).toBeLessThanOrEqual(24);
  });
});

test.describe("phone menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens, expands a section, closes with Escape and on navigation", async ({ page }) => {
    await page.goto("/500/");
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    // A tap before React has attached its handlers reaches plain HTML and does nothing.
    await hydrated(toggle);
    await toggle.click();
    const panel = page.locator("#phone-menu");
    await expect(panel).toBeVisible();
    // The page behind the open menu does not scroll; it does again once the menu closes.
    const bodyOverflow = () => page.evaluate(() => document.body.style.overflow);
    await expect.poll(bodyOverflow).toBe("hidden");
    const industries = panel.getByRole("button", { name: "Industries" });
    await industries.click();
    await expect(industries).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("link", { name: "Fintech" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect.poll(bodyOverflow).toBe("");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(panel.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing/");
    await page.getByRole("link", { name: `${site.productName} home`, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(panel).toBeHidden();
  });

  test.describe("before scripts run", () => {
    test.use({ javaScriptEnabled: false });

    test("the menu button leads to the footer's site map", async ({ page }) => {
      await page.goto("/pricing/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page).toHaveURL(/\/pricing\/#site-map$/);
      await expect(page.getByRole("navigation", { name: "Site map" })).toBeInViewport();
    });
  });

  test("the open menu covers the screen below the header and scrolls on its own", async ({
    page,
  }) => {
    await page.goto("/pricing/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await hydrated(toggle);
    await toggle.click();
    const panel = page.locator("#phone-menu");
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    const viewport = page.viewportSize();
    expect(box?.y).toBeGreaterThanOrEqual(60);
    // Down to the bottom of the screen: the page behind never shows through.
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThanOrEqual((viewport?.height ?? 0) - 1);
    await expect(panel.getByRole("button", { name: "Industries" })).toBeInViewport();
  });

  test("nothing is wider than the phone screen", async ({ page }) => {
    for (const path of ["/", "/home-a/", "/home-b/"]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      const culprits = await page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter(
            (el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
          )
          .slice(0, 5)
          .map((el) => `${el.tagName}.${el.className.toString().slice(0, 30)}`),
      );
      expect(overflow, `${path}: ${culprits.join(", ")}`).toBeLessThanOrEqual(0);
    }
  });
});

for (const width of [1024, 1280, 1440]) {
  test(`the header fits a ${width}px screen: nothing scrolls sideways, every action is on screen`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/", "/pricing/", "/blog/"]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    const header = page.locator("header").first();
    // Wide screens show the menus and the three actions; narrower ones the menu toggle.
    const wanted =
      width >= 1280
        ? [
            header.getByRole("link", { name: "Log in" }),
            header.getByRole("link", { name: "Contact sales" }),
            header.getByRole("link", { name: /Start free trial/ }),
          ]
        : [header.getByRole("button", { name: "Open menu" })];
    for (const locator of wanted) await expect(locator.first()).toBeInViewport({ ratio: 1 });
  });
}

test("a client-side navigation is announced to screen readers", async ({ page }) => {
  await page.goto("/500/");
  const link = page.getByRole("main").getByRole("link", { name: "Go to the home page" });
  // Wait until React has hydrated the link, so the click is handled by the router instead of a full load.
  await hydrated(link);
  await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
  const before = (await page.locator("h1").textContent()) ?? "";
  await link.click();
  await expect(page).toHaveURL(/\/$/);
  // The URL changes before the new page renders; wait for the new heading.
  await expect(page.locator("h1")).not.toHaveText(before);
  await expect(page.locator("h1")).toHaveCount(1);
  // Gatsby's announcer names the page by its h1 (the visible page title), falling back to <title>.
  const announcer = page.locator("#gatsby-announcer");
  await expect(announcer).toHaveText(
    `Navigated to ${(await page.locator("h1").textContent()) ?? ""}`,
  );
  // The marker survives only if the page was not reloaded, i.e. the router navigated client-side.
  expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(
    true,
  );
});

test("the footer links legal pages, outside destinations and the demo hub", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const name of [
    "Documentation",
    "Status page",
    "Community chat",
    "Careers board",
    "Dashboard login",
    "Sign up",
    "Playground",
    "Web scraping",
    "Privacy policy",
  ]) {
    await expect(footer.getByRole("link", { name, exact: true }).first()).toBeVisible();
  }
  const external = footer.locator('a[href^="https://"]');
  const count = await external.count();
  expect(count).toBeGreaterThan(10);
  for (let i = 0; i < count; i += 1) {
    await expect(external.nth(i)).toHaveAttribute("rel", /noopener/);
    await expect(external.nth(i)).not.toHaveAttribute("target", /.+/);
  }
});

test("the app starts in separate tasks: React DOM first, Gatsby's entry after the browser had a turn", async ({
  page,
}) => {
  // React DOM announces itself to a DevTools hook when its module runs; that moment queues a message.
  // Gatsby's entry sets window.asyncRequires when its module runs. Started in one task (webpack's
  // default), Gatsby's entry would run before the queued message.
  await page.addInitScript(() => {
    const log: string[] = [];
    Object.assign(window, { __startLog: log });
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject() {
          log.push("react-dom");
          const channel = new MessageChannel();
          channel.port1.onmessage = () => log.push("next task");
          channel.port2.postMessage(null);
          return 1;
        },
        checkDCE() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
      },
    });
    let asyncRequires: unknown;
    Object.defineProperty(window, "asyncRequires", {
      configurable: true,
      get: () => asyncRequires,
      set(value) {
        log.push("gatsby");
        asyncRequires = value;
      },
    });
  });
  await page.goto("/pricing/");
  await hydrated(page.locator("header a").first());
  const log = await page.evaluate(() => (window as unknown as { __startLog: string[] }).__startLog);
  expect(log).toEqual(["react-dom", "next task", "gatsby"]);
});

test("every label in the code-drawn diagrams fits inside its box", async ({ page }) => {
  const overflowing: string[] = [];
  let labels = 0;
  for (const path of ["/mobile-app-detection/", "/security/", "/integrations/"]) {
    await page.goto(path);
    labels += await page.locator('svg[viewBox="0 0 480 320"] g > rect + text').count();
    overflowing.push(
      ...(await page.locator('svg[viewBox="0 0 480 320"] g > rect + text').evaluateAll((texts) =>
        texts.flatMap((text) => {
          const box = (text.previousElementSibling as SVGRectElement).getBBox();
          const label = (text as SVGTextElement).getBBox();
          const fits = label.x >= box.x && label.x + label.width <= box.x + box.width;
          return fits ? [] : [`"${text.textContent}" (${label.width.toFixed(0)} in ${box.width})`];
        }),
      )),
    );
  }
  expect(labels).toBeGreaterThanOrEqual(15); // the boxed labels of five diagrams
  expect(overflowing).toEqual([]);
});

test.describe("button hover colour", () => {
  const salesButton = (page: import("@playwright/test").Page) =>
    page
      .locator("[data-form-slot] form[data-form-id]:visible")
      .getByRole("button", { name: "Talk to sales" });
  const background = (button: import("@playwright/test").Locator) =>
    button.evaluate((element) => getComputedStyle(element).backgroundColor);

  test("a primary button darkens under a mouse pointer", async ({ page }) => {
    await page.goto("/contact-sales/");
    const button = salesButton(page);
    await hydrated(button);
    const resting = await background(button);
    await button.hover();
    await expect.poll(() => background(button)).not.toBe(resting);
  });

  test.describe("on a touch screen", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("a tap leaves no hover colour behind", async ({ page }) => {
      await page.goto("/contact-sales/");
      const button = salesButton(page);
      await hydrated(button);
      const resting = await background(button);
      await button.tap(); // the form is empty: the tap shows its errors and stays on the page
      await expect(page.getByText("This field is required.").first()).toBeVisible();
      // Every transition the tap started, run to its end: a hover colour would be reached by then.
      await button.evaluate((element) =>
        Promise.all(element.getAnimations().map((animation) => animation.finished)),
      );
      expect(await background(button)).toBe(resting);
    });
  });
});
