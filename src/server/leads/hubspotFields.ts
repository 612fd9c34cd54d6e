// Which payload keys each HubSpot form receives, under which property names: defaults here, HUBSPOT_FIELD_MAP overrides.
import { roiFields } from "../../leads/roiFields";

/** our key → HubSpot property; a key not listed is kept in the lead store and never sent. */
export type FieldMap = Readonly<Record<string, string>>;

/**
 * Our name for each HubSpot form a lead goes to (the keys of HUBSPOT_FIELD_MAP); "webinar" stands for
 * the form each webinar page names with its hubspotFormId.
 */
export type HubspotForm =
  | "contact"
  | "singlePane"
  | "newsletter"
  | "support"
  | "press"
  | "partners"
  | "roi"
  | "risk"
  | "webinar";
/** The forms whose GUID is configured once, by a HUBSPOT_FORM_* variable. */
export type FixedHubspotForm = Exclude<HubspotForm, "webinar">;

const same = (...keys: string[]) => Object.fromEntries(keys.map((key) => [key, key]));
const tracking = same("utm_info", "visitorId", "ipRegion");

/**
 * The properties the marketing team's forms define (the public submit endpoint refuses any other
 * with FIELD_NOT_IN_FORM_DEFINITION). HubSpot's own contact properties keep their lowercase names.
 */
export const DEFAULT_FIELD_MAPS: Readonly<Record<HubspotForm, FieldMap>> = {
  contact: {
    ...same("email", "name", "description", "apiCallsQuestion", "landingPage", "previousPage"),
    url: "website",
    jobTitle: "jobtitle",
    ...tracking,
  },
  singlePane: {
    ...same("email", "name", "description", "apiCallsQuestion", "landingPage", "previousPage"),
    url: "website",
    jobTitle: "jobtitle",
    ...tracking,
  },
  newsletter: { ...same("email"), ...tracking },
  support: { ...same("email", "description"), ...tracking },
  press: { ...same("email", "message"), ...tracking },
  partners: same("email", "name", "company", "message"),
  roi: { ...same("email", ...Object.values(roiFields)), ...tracking },
  risk: {
    ...same("email", "message", "primary_risk_concern", "estimated_website_traffic"),
    ...tracking,
  },
  webinar: {
    ...same("email", "company", "hubspotFormId", "formName", "requestDemo"),
    firstName: "firstname",
    lastName: "lastname",
    jobTitle: "jobtitle",
    ...tracking,
  },
};

/** HUBSPOT_FIELD_MAP: JSON such as {"contact":{"apiCallsQuestion":"api_calls","visitorId":null}}. */
export function parseFieldMap(
  raw: string | null,
): Partial<Record<HubspotForm, Record<string, string | null>>> {
  if (raw === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(
      'HUBSPOT_FIELD_MAP must be JSON: {"contact": {"ourKey": "hubspot_property" | null}}.',
    );
  }
  const names = Object.keys(DEFAULT_FIELD_MAPS);
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new Error("HUBSPOT_FIELD_MAP must be a JSON object keyed by form.");
  }
  for (const [form, map] of Object.entries(parsed as Record<string, unknown>)) {
    if (!names.includes(form))
      throw new Error(
        `HUBSPOT_FIELD_MAP names an unknown form "${form}" (known: ${names.join(", ")}).`,
      );
    const ok =
      map !== null &&
      typeof map === "object" &&
      Object.values(map as Record<string, unknown>).every(
        (value) =>
          value === null || (typeof value === "string" && /^[A-Za-z0-9_]{1,100}$/.test(value)),
      );
    if (!ok)
      throw new Error(`HUBSPOT_FIELD_MAP.${form} must map keys to HubSpot property names or null.`);
  }
  return parsed as Partial<Record<HubspotForm, Record<string, string | null>>>;
}
