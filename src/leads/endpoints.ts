/** Every path that takes a lead (the endpoint a form posts to), without zod: the functions' path list reads it. */

/** The lead endpoints, each with the trailing slash the forms post with. */
export const leadEndpoints = [
  "/api/hubspot/",
  "/api/hubspot-single-pane/",
  "/api/hubspot-newsletter/",
  "/api/hubspot-support/",
  "/api/hubspot-press/",
  "/api/hubspot-partners/",
  "/api/roi/",
  "/risk/",
  "/api-webinar/",
] as const;

export type LeadEndpoint = (typeof leadEndpoints)[number];

export function isLeadEndpoint(path: string): path is LeadEndpoint {
  return (leadEndpoints as readonly string[]).includes(path);
}
