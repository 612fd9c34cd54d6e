/** The field rules every lead schema is built from, with the messages visitors read beside a field. */
import { z } from "zod";

export { HONEYPOT_FIELD, LIMITS, REGIONS, type Region } from "./constants";
import { HONEYPOT_FIELD, LIMITS, REGIONS } from "./constants";

export const messages = {
  required: "This field is required.",
  email: "Enter an email address like name@company.com.",
  url: "Enter a web address starting with https:// (or http://).",
  tooLong: (max: number) => `Keep this under ${max} characters.`,
  number: "Enter a number.",
  choice: "Choose one of the options.",
  unknownField: "This field is not part of the form.",
} as const;

const trimmed = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .max(max, { error: messages.tooLong(max) });

/** A required line of text. */
export const requiredText = (max: number = LIMITS.shortText) =>
  trimmed(max).min(1, { error: messages.required });

/** Optional text: missing and empty both mean "not given". */
export const optionalText = (max: number = LIMITS.shortText) => trimmed(max).optional();

export const email = z
  .string({ error: messages.email })
  .trim()
  .min(1, { error: messages.required })
  .max(LIMITS.email, { error: messages.tooLong(LIMITS.email) })
  .pipe(z.email({ error: messages.email }));

/** Web addresses a person would type; javascript:, data:, file: and friends are refused. */
export const webUrl = z
  .string({ error: messages.url })
  .trim()
  .max(LIMITS.url, { error: messages.tooLong(LIMITS.url) })
  .refine(
    (value) => {
      if (value === "") return true;
      const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
      try {
        const parsed = new URL(candidate);
        return (
          (parsed.protocol === "https:" || parsed.protocol === "http:") &&
          parsed.hostname.includes(".")
        );
      } catch {
        return false;
      }
    },
    { error: messages.url },
  );

/** A site path such as /pricing/ (or empty when unknown). */
export const sitePath = z
  .string()
  .max(LIMITS.path, { error: messages.tooLong(LIMITS.path) })
  .refine((value) => value === "" || (value.startsWith("/") && !value.startsWith("//")), {
    error: "Expected a path on this site.",
  });

/** All utm_* query values plus referral_url, as the visit history keeps them. */
export const utmInfo = z
  .record(
    z.string().regex(/^(utm_[a-z0-9_]{1,40}|referral_url)$/, { error: "Unexpected UTM key." }),
    z.string().max(LIMITS.utmValue, { error: messages.tooLong(LIMITS.utmValue) }),
  )
  .refine((value) => Object.keys(value).length <= LIMITS.utmKeys, {
    error: `At most ${LIMITS.utmKeys} UTM values.`,
  });

export const visitorId = z
  .string()
  .max(LIMITS.visitorId)
  .regex(/^[A-Za-z0-9_-]*$/, { error: "Unexpected visitor id." });

export const ipRegion = z.union([z.enum(REGIONS), z.literal("")], {
  error: `Expected one of ${REGIONS.join(", ")}, or empty when unknown.`,
});

/** The context every enriched payload carries, filled by the form hook. */
export const trackingContext = {
  utm_info: utmInfo,
  visitorId,
  ipRegion,
} as const;

export const honeypot = { [HONEYPOT_FIELD]: z.string().max(LIMITS.shortText).optional() } as const;

/**
 * A whole number with its digits grouped by three ("10,000,000"), as en-US writes it. By hand: the first
 * `toLocaleString` a page calls loads the browser's locale data (about 50 ms at a phone's speed), and these
 * schemas are built when a visitor submits a form.
 */
export const groupDigits = (value: number): string =>
  String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** A number typed into a form field, within a sane range. */
export const boundedNumber = (min: number, max: number) =>
  z
    .number({ error: messages.number })
    .refine(Number.isFinite, { error: messages.number })
    .min(min, { error: `Enter a value of at least ${min}.` })
    .max(max, { error: `Enter a value of at most ${groupDigits(max)}.` });
