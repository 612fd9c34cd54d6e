// Tests the job board data logic: mapping Greenhouse jobs, grouping, filters in the URL, structured data.
import { describe, expect, it } from "vitest";
import {
  applyFilters,
  filterOptions,
  filtersFromSearch,
  groupByDepartment,
  isJobId,
  jobPostingJsonLd,
  newestFirst,
  searchWithFilters,
  toJobSummary,
  UNASSIGNED_DEPARTMENT,
  type JobSummary,
} from "../../../src/data/jobs";
import { toJobDetail } from "../../../src/data/jobContent";
import { jsonLd } from "../../../src/data/structuredData";

const job = (over: Partial<JobSummary>): JobSummary => ({
  id: 1,
  title: "Engineer",
  location: "Remote (Europe)",
  department: "Engineering",
  updatedAt: "2026-03-01T00:00:00Z",
  ...over,
});

const jobs = [
  job({ id: 1, title: "Zeta engineer" }),
  job({ id: 2, title: "Alpha engineer", location: "Berlin, Germany" }),
  job({
    id: 3,
    title: "Seller",
    department: "Sales",
    location: "Chicago, IL",
    updatedAt: "2026-03-05T00:00:00Z",
  }),
  job({ id: 4, title: "Misc", department: UNASSIGNED_DEPARTMENT }),
  job({ id: 5, title: "Analyst", department: "Customer Support" }),
];

describe("mapping", () => {
  it("maps a Greenhouse job, with fallbacks for missing department and location", () => {
    expect(toJobSummary({ id: 5, title: " T ", updated_at: "u", location: null })).toEqual({
      id: 5,
      title: "T",
      location: "Location not specified",
      department: UNASSIGNED_DEPARTMENT,
      updatedAt: "u",
    });
  });

  it("keeps only https posting links", () => {
    const base = { id: 5, title: "T", updated_at: "u", content: "&lt;p&gt;x&lt;/p&gt;" };
    expect(
      toJobDetail({ ...base, absolute_url: "javascript:alert(1)" }, null).postingUrl,
    ).toBeNull();
    expect(toJobDetail({ ...base, absolute_url: "https://b.test/j/5" }, null).postingUrl).toBe(
      "https://b.test/j/5",
    );
    expect(toJobDetail(base, null).descriptionHtml).toBe("<p>x</p>");
  });

  it("accepts only bounded numeric job ids", () => {
    expect(isJobId("4012345006")).toBe(true);
    for (const bad of [null, "", "0", "01", "1e3", "-1", "9".repeat(16), "12a"])
      expect(isJobId(bad)).toBe(false);
  });
});

describe("grouping and filters", () => {
  it("groups by department in name order, catch-all last, titles sorted", () => {
    const groups = groupByDepartment(jobs);
    expect(groups.map((g) => g.department)).toEqual([
      "Customer Support",
      "Engineering",
      "Sales",
      UNASSIGNED_DEPARTMENT,
    ]);
    expect(groups[1]?.jobs.map((j) => j.title)).toEqual(["Alpha engineer", "Zeta engineer"]);
  });

  it("offers each department and location once, with counts", () => {
    expect(filterOptions(jobs, "department")).toEqual([
      { value: "customer-support", label: "Customer Support", count: 1 },
      { value: "engineering", label: "Engineering", count: 2 },
      { value: "other-roles", label: UNASSIGNED_DEPARTMENT, count: 1 },
      { value: "sales", label: "Sales", count: 1 },
    ]);
    expect(filterOptions(jobs, "location").map((o) => o.value)).toEqual([
      "berlin-germany",
      "chicago-il",
      "remote-europe",
    ]);
  });

  it("filters by department and location together", () => {
    expect(
      applyFilters(jobs, { department: "engineering", location: null }).map((j) => j.id),
    ).toEqual([1, 2]);
    expect(
      applyFilters(jobs, { department: "engineering", location: "berlin-germany" }).map(
        (j) => j.id,
      ),
    ).toEqual([2]);
    expect(applyFilters(jobs, { department: "sales", location: "berlin-germany" })).toEqual([]);
  });

  it("reads filters from the query string, ignoring anything that is not a slug", () => {
    expect(filtersFromSearch("?department=sales&location=remote-europe")).toEqual({
      department: "sales",
      location: "remote-europe",
    });
    expect(filtersFromSearch("?department=<x>&location=")).toEqual({
      department: null,
      location: null,
    });
    expect(filtersFromSearch("")).toEqual({ department: null, location: null });
  });

  it("writes filters into the query string, keeping other parameters", () => {
    expect(searchWithFilters("?utm_source=x", { department: "sales", location: null })).toBe(
      "?utm_source=x&department=sales",
    );
    expect(searchWithFilters("?department=sales", { department: null, location: null })).toBe("");
  });

  it("sorts newest first for previews", () => {
    expect(newestFirst(jobs)[0]?.id).toBe(3);
  });
});

describe("JobPosting structured data", () => {
  const detail = {
    ...job({ id: 7, title: "Engineer" }),
    descriptionHtml: "<p>x</p>",
    datePosted: "2026-02-10T11:00:00-05:00",
    validThrough: null,
    companyName: "Acme",
    postingUrl: null,
    applyUrl: null,
  };

  it("describes a remote role as telecommute with the region", () => {
    const data = jobPostingJsonLd(detail, "https://site.test/careers/jobs/apply/?gh_jid=7");
    expect(data).toMatchObject({
      "@type": "JobPosting",
      title: "Engineer",
      datePosted: "2026-02-10T11:00:00-05:00",
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "AdministrativeArea", name: "Europe" },
      hiringOrganization: { "@type": "Organization", name: "Acme" },
    });
  });

  it("describes an office role with its place", () => {
    const data = jobPostingJsonLd({ ...detail, location: "Berlin, Germany" }, "u");
    expect(data.jobLocation).toEqual({
      "@type": "Place",
      address: { "@type": "PostalAddress", addressLocality: "Berlin, Germany" },
    });
  });

  it("serializes without a way to close the script tag", () => {
    expect(jsonLd({ a: "</script><script>alert(1)</script>" })).not.toContain("<");
  });
});
