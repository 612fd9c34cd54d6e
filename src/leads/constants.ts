/** Lead-form constants without zod, so browser code can import them without the validator. */

/** Text limits: generous for people, small enough that a body stays far below the 16 KiB cap. */
export const LIMITS = {
  email: 254,
  shortText: 120,
  url: 2048,
  path: 2048,
  message: 3000,
  visitorId: 64,
  utmKeys: 12,
  utmValue: 500,
} as const;

export const REGIONS = ["APAC", "EMEA", "LATAM", "AMER"] as const;
export type Region = (typeof REGIONS)[number];

/**
 * A hidden field people never see; form-filling bots do. A filled one is answered like a success
 * and never forwarded. The name avoids anything a browser's autofill would complete.
 */
export const HONEYPOT_FIELD = "fax_number_confirm";
