import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fillPlaceholders, parseYamlFile } from "../../../src/data/content";
import { parseMarketingPage } from "../../../src/data/sectionSchemas";
import { site } from "../../../src/config/site";

const dir = path.resolve("content/pages");
const files = (readdirSync(dir, { recursive: true }) as string[])
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();

describe("content/pages", () => {
  it("has the home page and its two variants", () => {
    expect(files).toEqual(expect.arrayContaining(["home.yml", "home-a.yml", "home-b.yml"]));
  });

  it.each(files)("%s is valid page content with no unfilled placeholders", (file) => {
    const raw = parseYamlFile(readFileSync(path.join(dir, file), "utf8"), file);
    const page = parseMarketingPage(fillPlaceholders(raw), file);
    expect(JSON.stringify(page)).not.toMatch(/\{[a-zA-Z]+\}/);
    expect(page.sections.length).toBeGreaterThan(0);
  });

  it("gives every page a unique path, title and description", () => {
    const pages = files.map((file) =>
      parseMarketingPage(
        fillPlaceholders(parseYamlFile(readFileSync(path.join(dir, file), "utf8"), file)),
        file,
      ),
    );
    for (const key of ["path", "description"] as const) {
      expect(new Set(pages.map((p) => p[key])).size).toBe(pages.length);
    }
    expect(new Set(pages.map((p) => p.seoTitle ?? p.title)).size).toBe(pages.length);
  });

  it("never hard-codes the product name in copy (uses {product})", () => {
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), "utf8");
      expect(text.replace(/^#.*$/gm, "")).not.toContain(site.productName);
    }
  });
});

describe("fillPlaceholders", () => {
  it("fills brand and address placeholders deeply", () => {
    const out = fillPlaceholders({
      a: ["{product} Pro", { href: "/products/{productSlug}-pro/" }],
      b: 3,
      c: "{signupUrl}",
    });
    expect(out).toEqual({
      a: [`${site.productName} Pro`, { href: `/products/${site.productSlug}-pro/` }],
      b: 3,
      c: site.external.signup,
    });
  });
});

describe("parseMarketingPage", () => {
  const valid = {
    path: "/x/",
    title: "X",
    description: "An example page.",
    sections: [{ type: "CtaBanner", title: "Go", ctas: [{ label: "Go", href: "/" }] }],
  };

  it("accepts a minimal page and applies defaults", () => {
    expect(parseMarketingPage(valid, "x.yml").noindex).toBe(false);
  });

  it("names the file and each problem", () => {
    const bad = {
      ...valid,
      path: "/Bad Path",
      sections: [{ type: "Hero", title: "" }, { type: "Carousel" }],
    };
    expect(() => parseMarketingPage(bad, "content/pages/bad.yml")).toThrowError(
      /content\/pages\/bad\.yml[\s\S]*path[\s\S]*sections\.0/,
    );
  });

  it("rejects unknown keys (a typo would otherwise vanish silently)", () => {
    expect(() => parseMarketingPage({ ...valid, titel: "typo" }, "x.yml")).toThrow(/titel/);
  });

  it("rejects javascript: and http: links", () => {
    for (const href of ["javascript:alert(1)", "http://insecure.example"]) {
      expect(() =>
        parseMarketingPage(
          {
            ...valid,
            sections: [{ type: "CtaBanner", title: "Go", ctas: [{ label: "Go", href }] }],
          },
          "x.yml",
        ),
      ).toThrow(/links must be/);
    }
  });

  it("requires testimonials to be marked fictional", () => {
    const section = {
      type: "Testimonial",
      quote: "Great",
      name: "A B",
      role: "CTO",
      company: "Example",
    };
    expect(() => parseMarketingPage({ ...valid, sections: [section] }, "x.yml")).toThrow(
      /fictional/,
    );
  });
});

describe("parseYamlFile", () => {
  it("names the file on a syntax error", () => {
    expect(() => parseYamlFile("a: [1, 2", "content/pages/broken.yml")).toThrow(/broken\.yml/);
  });
});
