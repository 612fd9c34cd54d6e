// The site's navigation as the build reads it from content/settings/navigation.yml: the five header
// menus with their required entries, the menu entry entity, the badge constant, and what the schema refuses.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { legalLinks, MENU_BADGE_COUNT } from "../../../src/config/navigation";
import { productProPath } from "../../../src/config/paths";
import { site } from "../../../src/config/site";
import { fillPlaceholders, parseYamlFile } from "../../../src/data/content";
import { parseNavigation } from "../../../src/data/navigationSchema";

const source = "content/settings/navigation.yml";
const raw = () =>
  parseYamlFile(fs.readFileSync(path.resolve(__dirname, "../../..", source), "utf8"), source);
const { menus, footerColumns, socialLinks } = parseNavigation(fillPlaceholders(raw()), source);

describe("header menus", () => {
  it("has exactly the five menus, in their fixed order", () => {
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
  ])("%s lists its required entries", (title, entries) => {
    expect(menus.find((m) => m.title === title)?.entries.map((e) => e.title)).toEqual(entries);
  });

  it("groups use cases as Protect and Grow", () => {
    const groups = menus.find((m) => m.id === "platform")?.groups ?? [];
    expect(groups.map((g) => [g.title, g.entries.map((e) => e.title)])).toEqual([
      ["Protect", ["Payment fraud", "Account takeover", "SMS fraud", "New account fraud"]],
      ["Grow", ["Returning user experience", "Account sharing prevention", "Paywall"]],
    ]);
  });

  it("models every entry as a menu entry (title, url, isLocal, optional description and icon), local entries as trailing-slash site paths", () => {
    const all = [
      ...menus.flatMap((m) => [...m.entries, ...(m.groups ?? []).flatMap((g) => g.entries)]),
      ...footerColumns.flatMap((c) => c.entries),
      ...socialLinks,
      ...legalLinks,
    ];
    for (const entry of all) {
      expect(typeof entry.title).toBe("string");
      expect(entry.isLocal).toBe(entry.url.startsWith("/"));
      if (entry.isLocal) expect(entry.url).toMatch(/^\/([a-z0-9-]+\/)*$/);
      else expect(entry.url).toMatch(/^https:\/\//);
    }
  });

  it("shows the menu badge constant (14) on the SDKs and Libraries entry only", () => {
    expect(MENU_BADGE_COUNT).toBe(14);
    const badged = menus.flatMap((m) => m.entries).filter((e) => e.badge !== undefined);
    expect(badged.map((e) => [e.title, e.badge])).toEqual([
      ["SDKs and Libraries", MENU_BADGE_COUNT],
    ]);
  });

  it("takes the product route and name from site config (placeholders in the file)", () => {
    const device = menus.find((m) => m.id === "platform")?.entries[0];
    expect(device?.url).toBe(productProPath);
    expect(JSON.stringify({ menus, footerColumns, socialLinks })).not.toMatch(/\{[A-Za-z]+\}/);
  });
});

describe("footer", () => {
  it("links the external destinations (login, signup, docs, status, community, careers board)", () => {
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
    const demos = footerColumns.find((c) => c.title === "Demos")?.entries ?? [];
    expect(demos.map((d) => d.title)).toEqual([
      "Playground",
      "Coupon fraud",
      "Credential stuffing",
      "Loan risk",
      "Payment fraud",
      "Paywall",
      "Personalization",
      "Web scraping",
    ]);
    for (const demo of demos) expect(demo.url.startsWith(site.external.demoHub)).toBe(true);
  });

  it("links the social profiles", () => {
    expect(socialLinks.map((s) => s.title)).toEqual(["GitHub", "LinkedIn", "X", "YouTube"]);
  });
});

describe("the navigation file's schema", () => {
  const withMenus = (change: (data: { menus: Array<Record<string, unknown>> }) => void) => {
    const data = structuredClone(fillPlaceholders(raw())) as {
      menus: Array<Record<string, unknown>>;
    };
    change(data);
    return () => parseNavigation(data, source);
  };

  it("names the file, the field and the rule when a link is wrong", () => {
    expect(
      withMenus((data) => {
        (data.menus[0]?.["entries"] as Array<Record<string, unknown>>)[1]!["url"] = "/Tutorials";
      }),
    ).toThrow(/content\/settings\/navigation\.yml[\s\S]*menus\.0\.entries\.1\.url: must be a path/);
  });

  it("refuses an unknown icon, a menu twice and an empty menu", () => {
    expect(
      withMenus((data) => {
        (data.menus[0]?.["entries"] as Array<Record<string, unknown>>)[0]!["icon"] = "rocket";
      }),
    ).toThrow(/menus\.0\.entries\.0\.icon/);
    expect(withMenus((data) => data.menus.push({ ...data.menus[0] }))).toThrow(/may appear once/);
    expect(
      withMenus((data) => {
        data.menus[0]!["entries"] = [];
      }),
    ).toThrow(/menus\.0\.entries/);
  });
});
