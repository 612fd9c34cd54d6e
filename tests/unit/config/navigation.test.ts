import { describe, expect, it } from "vitest";
import {
  MENU_BADGE_COUNT,
  footerColumns,
  menus,
  useCaseGroups,
  demoHubLinks,
  legalLinks,
} from "../../../src/config/navigation";
import { site } from "../../../src/config/site";

describe("header menus (SPEC §2)", () => {
  it("has exactly the five menus in the spec's order", () => {
    expect(menus.map((m) => m.title)).toEqual([
      "Developers",
      "Platform",
      "Resources",
      "Demo",
      "Industries",
    ]);
  });

  it.each([
    [
      "Developers",
      ["Documentation", "Tutorials", "SDKs and Libraries", "GitHub", "Community chat"],
    ],
    [
      "Platform",
      [
        "Device Intelligence",
        "Smart Signals",
        "Integrations",
        "Identification",
        "Mobile Device Signals",
        "Bot Detection",
      ],
    ],
    [
      "Resources",
      [
        "Resources",
        "Blog",
        "Webinars",
        "FAQ",
        "Case Studies",
        "Press",
        "About Us",
        "Careers",
        "Support",
      ],
    ],
    ["Demo", ["Playground", `Browser ${site.productName} Test`, "By Use Case"]],
    ["Industries", ["Fintech", "E-commerce", "BNPL", "Online Gaming & Gambling", "Cryptocurrency"]],
  ])("%s lists the spec's entries", (title, entries) => {
    expect(menus.find((m) => m.title === title)?.entries.map((e) => e.title)).toEqual(entries);
  });

  it("groups use cases as Protect and Grow", () => {
    expect(useCaseGroups.map((g) => [g.title, g.entries.map((e) => e.title)])).toEqual([
      ["Protect", ["Payment fraud", "Account takeover", "SMS fraud", "New account fraud"]],
      ["Grow", ["Returning user experience", "Account sharing prevention", "Paywall"]],
    ]);
  });

  it("models every entry as the spec's menu entity, local entries as trailing-slash site paths", () => {
    const all = [
      ...menus.flatMap((m) => [...m.entries, ...(m.groups ?? []).flatMap((g) => g.entries)]),
      ...footerColumns.flatMap((c) => c.entries),
      ...legalLinks,
    ];
    for (const entry of all) {
      expect(typeof entry.title).toBe("string");
      expect(typeof entry.isLocal).toBe("boolean");
      if (entry.isLocal) expect(entry.url).toMatch(/^\/([a-z0-9-]+\/)*$/);
      else expect(entry.url).toMatch(/^https:\/\//);
    }
  });

  it("shows the menu badge constant (14) on the SDKs and Libraries entry only", () => {
    expect(MENU_BADGE_COUNT).toBe(14);
    const badged = menus.flatMap((m) => m.entries).filter((e) => e.badge !== undefined);
    expect(badged.map((e) => [e.title, e.badge])).toEqual([["SDKs and Libraries", 14]]);
  });

  it("takes the product route from site config", () => {
    const device = menus.find((m) => m.id === "platform")?.entries[0];
    expect(device?.url).toBe(`/products/${site.productSlug}-pro/`);
  });
});

describe("footer", () => {
  it("links the external destinations the spec names", () => {
    const urls = footerColumns.flatMap((c) => c.entries.map((e) => e.url));
    for (const url of [
      site.external.login,
      site.external.signup,
      site.external.docs,
      site.external.status,
      site.external.community,
      site.external.careersBoard,
    ]) {
      expect(urls).toContain(url);
    }
  });

  it("lists every demo-hub demo", () => {
    expect(demoHubLinks.map((d) => d.title)).toEqual([
      "Playground",
      "Coupon fraud",
      "Credential stuffing",
      "Loan risk",
      "Payment fraud",
      "Paywall",
      "Personalization",
      "Web scraping",
    ]);
    for (const demo of demoHubLinks) expect(demo.url.startsWith(site.external.demoHub)).toBe(true);
  });
});
