/** Job board data: Greenhouse's job shape, the smaller shape the careers pages use, and list logic. */
import { z } from "zod";
import { site, slug } from "../config/site";

/** A Greenhouse job post id: digits only, bounded so it can never become an arbitrary upstream path. */
export const JOB_ID_PATTERN = /^[1-9][0-9]{0,14}$/;

export function isJobId(value: string | null | undefined): value is string {
  return typeof value === "string" && JOB_ID_PATTERN.test(value);
}

const named = z.object({ name: z.string() });

/** Greenhouse's job object (docs/contracts/greenhouse.md); unknown fields are ignored, not rejected. */
export const greenhouseJobSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().min(1),
  updated_at: z.string(),
  location: z.object({ name: z.string() }).nullish(),
  absolute_url: z.string().nullish(),
  first_published: z.string().nullish(),
  company_name: z.string().nullish(),
  application_deadline: z.string().nullish(),
  content: z.string().optional(),
  departments: z.array(named).optional(),
  offices: z.array(named).optional(),
});

export const greenhouseListSchema = z.object({ jobs: z.array(greenhouseJobSchema) });

export type GreenhouseJob = z.infer<typeof greenhouseJobSchema>;

/** One role in a list: what the list, its filters and the careers preview show. */
export type JobSummary = {
  id: number;
  title: string;
  location: string;
  department: string;
  updatedAt: string;
};

/** One role on the apply page. */
export type JobDetail = JobSummary & {
  /** Decoded and sanitized description HTML. */
  descriptionHtml: string;
  datePosted: string;
  validThrough: string | null;
  companyName: string;
  /** The posting on the hosted board, if there is one. */
  postingUrl: string | null;
  /** The hosted application form to embed; null for the sample board. */
  applyUrl: string | null;
};

export type JobListings = { jobs: JobSummary[]; sample: boolean };
export type JobInfo = { job: JobDetail; sample: boolean };

export const UNASSIGNED_DEPARTMENT = "Other roles";
export const UNSPECIFIED_LOCATION = "Location not specified";

export function toJobSummary(job: GreenhouseJob): JobSummary {
  return {
    id: job.id,
    title: job.title.trim(),
    location: job.location?.name.trim() || UNSPECIFIED_LOCATION,
    department: job.departments?.[0]?.name.trim() || UNASSIGNED_DEPARTMENT,
    updatedAt: job.updated_at,
  };
}

/** Greenhouse's hosted application form for one post, as its embed script frames it. */
export function applicationFormUrl(embedUrl: string, board: string, jobId: number): string {
  const url = new URL(embedUrl);
  url.searchParams.set("for", board);
  url.searchParams.set("token", String(jobId));
  return url.toString();
}

/** The proxy's answers, checked on arrival like any other outside input. */
const jobSummarySchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  location: z.string(),
  department: z.string(),
  updatedAt: z.string(),
});
export const jobListingsSchema = z.object({ jobs: z.array(jobSummarySchema), sample: z.boolean() });
export const jobInfoSchema = z.object({
  job: jobSummarySchema.extend({
    descriptionHtml: z.string(),
    datePosted: z.string(),
    validThrough: z.string().nullable(),
    companyName: z.string(),
    postingUrl: z.string().nullable(),
    applyUrl: z.string().nullable(),
  }),
  sample: z.boolean(),
});

// ── Lists, groups and filters ─────────────────────────────────────────────────────────────────

export type JobFilters = { department: string | null; location: string | null };
export type FilterOption = { value: string; label: string; count: number };
export type DepartmentGroup = { department: string; jobs: JobSummary[] };

const byLabel = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

/** Distinct values of one field as filter options (slug as value, name as label), sorted by name. */
export function filterOptions(
  jobs: readonly JobSummary[],
  field: "department" | "location",
): FilterOption[] {
  const counts = new Map<string, FilterOption>();
  for (const job of jobs) {
    const value = slug(job[field]);
    const option = counts.get(value) ?? { value, label: job[field], count: 0 };
    option.count += 1;
    counts.set(value, option);
  }
  return [...counts.values()].sort((a, b) => byLabel(a.label, b.label));
}

export function applyFilters(jobs: readonly JobSummary[], filters: JobFilters): JobSummary[] {
  return jobs.filter(
    (job) =>
      (filters.department === null || slug(job.department) === filters.department) &&
      (filters.location === null || slug(job.location) === filters.location),
  );
}

/** Departments in name order, roles by title within each; the catch-all group goes last. */
export function groupByDepartment(jobs: readonly JobSummary[]): DepartmentGroup[] {
  const groups = new Map<string, JobSummary[]>();
  for (const job of jobs) groups.set(job.department, [...(groups.get(job.department) ?? []), job]);
  return [...groups.entries()]
    .sort(([a], [b]) =>
      a === UNASSIGNED_DEPARTMENT ? 1 : b === UNASSIGNED_DEPARTMENT ? -1 : byLabel(a, b),
    )
    .map(([department, list]) => ({
      department,
      jobs: [...list].sort((x, y) => byLabel(x.title, y.title)),
    }));
}

/** Most recently updated first, for previews. */
export function newestFirst(jobs: readonly JobSummary[]): JobSummary[] {
  return [...jobs].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

const FILTER_VALUE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Reads ?department=&location= ; anything that is not a slug counts as no filter. */
export function filtersFromSearch(search: string): JobFilters {
  const params = new URLSearchParams(search);
  const pick = (name: string) => {
    const value = params.get(name);
    return value && value.length <= 80 && FILTER_VALUE.test(value) ? value : null;
  };
  return { department: pick("department"), location: pick("location") };
}

/** The query string for a set of filters, keeping any other parameters already in the URL. */
export function searchWithFilters(search: string, filters: JobFilters): string {
  const params = new URLSearchParams(search);
  for (const name of ["department", "location"] as const) {
    const value = filters[name];
    if (value) params.set(name, value);
    else params.delete(name);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function applyPagePath(jobId: number): string {
  return `/careers/jobs/apply/?gh_jid=${jobId}`;
}

// ── Structured data ───────────────────────────────────────────────────────────────────────────

/** schema.org JobPosting for one role (https://developers.google.com/search/docs/appearance/structured-data/job-posting). */
export function jobPostingJsonLd(job: JobDetail, pageUrl: string): Record<string, unknown> {
  const remote = /\bremote\b/i.test(job.location);
  const area = /\(([^)]+)\)/.exec(job.location)?.[1];
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: job.descriptionHtml,
    datePosted: job.datePosted,
    ...(job.validThrough ? { validThrough: job.validThrough } : {}),
    identifier: { "@type": "PropertyValue", name: job.companyName, value: String(job.id) },
    hiringOrganization: { "@type": "Organization", name: job.companyName, sameAs: site.url },
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          ...(area
            ? { applicantLocationRequirements: { "@type": "AdministrativeArea", name: area } }
            : {}),
        }
      : {
          jobLocation: {
            "@type": "Place",
            address: { "@type": "PostalAddress", addressLocality: job.location },
          },
        }),
    occupationalCategory: job.department,
    url: pageUrl,
  };
}
