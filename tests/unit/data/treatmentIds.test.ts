// The treatment's content beside the control's: every id, and every same-page link to one, of its own.
import { describe, expect, it } from "vitest";
import type { SectionContent } from "../../../src/data/sectionSchemas";
import { treatmentSections } from "../../../src/data/treatmentIds";

const sections = [
  {
    type: "Hero",
    title: "Book a demo",
    tone: "light",
    visual: "none",
    ctas: [
      { label: "Book", href: "#book" },
      { label: "Pricing", href: "/pricing/#plans" },
    ],
  },
  { type: "FormSection", title: "Talk to us", form: "GetDemo", points: [] },
  { type: "PriceEstimator", id: "estimate", title: "Estimate" },
  { type: "IdentificationDemo", title: "Try it" },
  { type: "FaqList", title: "Questions", items: [{ question: "Why?", answer: "Because." }] },
] as unknown as SectionContent[];

describe("treatmentSections", () => {
  const treated = treatmentSections(sections) as unknown as Record<string, unknown>[];

  it("suffixes each section's id, giving the sections that name ids by default their default", () => {
    expect(treated.map((section) => section["id"])).toEqual([
      undefined,
      "form-b",
      "estimate-b",
      "live-demo-b",
      undefined,
    ]);
  });

  it("sends same-page links to the treatment's own sections and leaves other links alone", () => {
    expect(treated[0]?.["ctas"]).toEqual([
      { label: "Book", href: "#book-b" },
      { label: "Pricing", href: "/pricing/#plans" },
    ]);
  });

  it("changes nothing else, and leaves the control's content as it was", () => {
    expect(treated[4]).toEqual(sections[4]);
    expect((sections[1] as unknown as Record<string, unknown>)["id"]).toBeUndefined();
  });
});
