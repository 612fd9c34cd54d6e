/** Sections filled in the browser from live sources: job board, service status, identification demo. */
import { z } from "zod";
import { sectionHeading, sectionId, text } from "./fields";

/** Live open roles from the job board, newest first, with a link to the full list. */
export const openRolesSchema = z.strictObject({
  type: z.literal("OpenRoles"),
  id: sectionId,
  ...sectionHeading.shape,
  limit: z.number().int().min(1).max(12).default(4),
  linkLabel: text(60).default("See all open roles"),
});

/** Every open role, grouped by department, with department and location filters kept in the URL. */
export const jobBoardSchema = z.strictObject({
  type: z.literal("JobBoard"),
  id: sectionId,
  ...sectionHeading.shape,
});

/** One role from ?gh_jid=: description and the hosted application form. */
export const jobPostingSchema = z.strictObject({
  type: z.literal("JobPosting"),
  id: sectionId,
  applyTitle: text(80),
  applyLead: text(300).optional(),
  /** Shown instead of the form for the sample board, whose roles cannot be applied for. */
  sampleNote: text(400),
});

/** The product's live service status with a link to the status page; hidden when no API is configured. */
export const serviceStatusSchema = z.strictObject({
  type: z.literal("ServiceStatus"),
  id: sectionId,
  title: text(140),
  lead: text(300).optional(),
});

/** The live identification demo: the visitor's own browser, identified on the page (after consent). */
export const identificationDemoSchema = z.strictObject({
  type: z.literal("IdentificationDemo"),
  id: sectionId,
  ...sectionHeading.shape,
});

export type OpenRolesContent = z.infer<typeof openRolesSchema>;
export type JobBoardContent = z.infer<typeof jobBoardSchema>;
export type JobPostingContent = z.infer<typeof jobPostingSchema>;
export type ServiceStatusContent = z.infer<typeof serviceStatusSchema>;
export type IdentificationDemoContent = z.infer<typeof identificationDemoSchema>;
