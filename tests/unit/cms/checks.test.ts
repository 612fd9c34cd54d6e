// @vitest-environment node
// The save-time slug lock (src/cms/checks.ts): the admin refuses a changed slug on a saved entry, which is exactly
// what the build would refuse once the save reached it (the slug no longer matches the file Decap keeps writing).
import { describe, expect, it } from "vitest";
import { savedKey, slugChangeProblem } from "../../../src/cms/checks";
import { checkEntrySlug, checkPostSlug } from "../../../src/data/blogSchema";

const POST = "content/blog/account-sharing-detection/index.md";
const saved = (path: string) => ({ isNew: false, path });

describe("savedKey", () => {
  it("is a post's folder name, or a case study's or webinar's file name, as the build reads them", () => {
    expect(savedKey(POST)).toBe("account-sharing-detection");
    expect(savedKey("content/case-studies/acme-bank.md")).toBe("acme-bank");
    expect(savedKey("content/webinars/fraud-101.md")).toBe("fraud-101");
    expect(savedKey("")).toBeNull();
  });
});

describe("slugChangeProblem (the slug lock)", () => {
  it("refuses a changed slug on a saved post, naming the address, the slug to set back and how to move the page", () => {
    const problem = slugChangeProblem("blog", saved(POST), { slug: "account-sharing" });
    expect(problem).toContain("/blog/account-sharing-detection/");
    expect(problem).toContain('Set Slug back to "account-sharing-detection"');
    expect(problem).toMatch(
      /publish a new entry with the new slug.*redirect from \/blog\/account-sharing-detection\//,
    );
  });

  it("refuses exactly what the build would refuse", () => {
    const key = "account-sharing-detection";
    for (const slug of [key, "account-sharing", `${key}-2`, ""]) {
      const admin = slugChangeProblem("blog", saved(POST), { slug }) === null;
      const build = (() => {
        try {
          checkPostSlug(key, { slug, locale: "en" }, POST);
          return true;
        } catch {
          return false;
        }
      })();
      expect(admin, slug).toBe(build);
    }
  });

  it("locks case studies and webinars too, at their own addresses", () => {
    const study = slugChangeProblem("case-studies", saved("content/case-studies/acme-bank.md"), {
      slug: "acme",
    });
    expect(study).toContain("/case-studies/acme-bank/");
    expect(() => checkEntrySlug("acme-bank", { slug: "acme" }, "x")).toThrow();
    expect(
      slugChangeProblem("webinars", saved("content/webinars/fraud-101.md"), { slug: "fraud-201" }),
    ).toContain("/webinars/fraud-101/");
    expect(
      slugChangeProblem("webinars", saved("content/webinars/fraud-101.md"), { slug: "fraud-101" }),
    ).toBeNull();
  });

  it("lets a new entry choose its slug, and leaves collections without an address slug alone", () => {
    expect(
      slugChangeProblem("blog", { isNew: true, path: "" }, { slug: "anything-new" }),
    ).toBeNull();
    expect(
      slugChangeProblem("authors", saved("content/authors/maya-okafor.yml"), { slug: "x" }),
    ).toBeNull();
    expect(
      slugChangeProblem("pages-company", saved("content/pages/company/about.yml"), { slug: "x" }),
    ).toBeNull();
  });
});
