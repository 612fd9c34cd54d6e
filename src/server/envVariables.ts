// The building blocks of the server's environment schemas (./env.ts): every variable is read the same
// way (blank is unset) and every bad value fails with a message naming the variable.
import { z } from "zod";
import {
  parseTrustProxy,
  publicTrustRange,
  type ForwardedHeader,
  type TrustProxy,
} from "./http/clientAddress";
import { parseFieldMap, type FixedHubspotForm } from "./leads/hubspotFields";

export type EnvSource = Readonly<Record<string, string | undefined>>;

/** Empty and whitespace-only values count as unset, as shells and CI often export `VAR=`. */
export const unset = (value: unknown) =>
  typeof value === "string" ? value.trim() || undefined : value;
export const variable = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema);

/** A set value that must pass `test`; the error names the variable and quotes what it got. */
export const checked = (name: string, rule: string, test: (raw: string) => boolean) =>
  z
    .string()
    .refine(test, { error: (issue) => `${name} must be ${rule}, got "${String(issue.input)}".` });

/** Optional text: null when unset. */
export const text = () => variable(z.string().nullable().default(null));

/** Optional and checked when set (`map` shapes it): null when unset. */
export const maybe = (
  name: string,
  rule: string,
  test: (raw: string) => boolean,
  map = (raw: string) => raw,
) => variable(checked(name, rule, test).transform(map).nullable().default(null));

/** Optional text that must match `pattern` when set; `message` is the whole error (secrets are not echoed). */
export const secret = (pattern: RegExp, message: string) =>
  variable(z.string().regex(pattern, { error: message }).nullable().default(null));

const isHttpUrl = (raw: string) => {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  return !!url && /^https?:$/.test(url.protocol) && !url.search && !url.hash;
};
/** An http(s) URL without query or fragment, trailing slashes dropped; `fallback` when unset. */
export const httpUrl = <F extends string | null>(name: string, fallback: F) =>
  variable(
    checked(name, "an absolute http(s) URL without query or fragment", isHttpUrl)
      .transform((raw) => raw.replace(/\/+$/, ""))
      .nullable()
      .default(fallback),
  ) as z.ZodType<string | F>;

/** An integer from `min` to `max` as Number() reads it; `fallback` when unset. */
export const integer = <F extends number | null>(
  name: string,
  fallback: F,
  min: number,
  max: number,
) =>
  variable(
    checked(name, `an integer from ${min} to ${max}`, (raw) => {
      const value = Number(raw);
      return Number.isInteger(value) && value >= min && value <= max;
    })
      .transform(Number)
      .nullable()
      .default(fallback as number),
  ) as z.ZodType<number | F>;
/** How long to wait for an outside service: 50 ms to 30 s. */
export const timeout = (name: string, fallback: number) => integer(name, fallback, 50, 30_000);

export const FORM_GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const formGuid = (name: string) =>
  maybe(
    name,
    "a HubSpot form GUID",
    (raw) => FORM_GUID.test(raw),
    (raw) => raw.toLowerCase(),
  );

/** A comma-separated list of form GUIDs, lower-cased, anything else in it ignored; null when unset. */
export const formGuidList = (raw: string | null): string[] | null =>
  raw === null
    ? null
    : raw
        .split(",")
        .map((item) => item.trim().toLowerCase())
        .filter((item) => FORM_GUID.test(item));

/** HUBSPOT_FIELD_MAP: per form, our key → HubSpot property; a bad map fails with the parser's words. */
export const fieldMapVariable = () =>
  text().transform((raw, context) => {
    try {
      return parseFieldMap(raw);
    } catch (error) {
      context.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });

/** One of `values`, exactly as spelt; `fallback` when unset. */
export const oneOf = <T extends string>(name: string, values: readonly T[], fallback: T) =>
  variable(
    checked(name, values.join(" or "), (raw) => (values as readonly string[]).includes(raw))
      .optional()
      .default(fallback),
  ) as unknown as z.ZodType<T>;

/** PORT: 0 to 65535 (0 asks the OS for a free port), 9000 when unset. */
export const portVariable = () =>
  variable(
    checked("PORT", "an integer between 0 and 65535", (raw) => /^\d+$/.test(raw) && +raw <= 65535)
      .transform(Number)
      .optional()
      .default(9000),
  );

/** Parses `source`; the first problem (in the schema's key order) is the error, in the variable's words. */
export function read<T extends z.ZodType>(schema: T, source: EnvSource): z.output<T> {
  const result = schema.safeParse(source);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Invalid environment.");
  return result.data;
}

/** A count where 0 turns the limit off. */
export const count = (name: string, fallback: number, max: number) =>
  integer(name, fallback, 0, max);

/** An origin (scheme, host and port) from an absolute URL. */
export const origin = checked(
  "ALLOWED_ORIGINS and SITE_URL",
  "absolute URLs",
  URL.canParse,
).transform((raw) => new URL(raw).origin);

/** SITE_URL's origin, by default the company's site. */
export const siteUrlVariable = () => variable(origin.optional().default("https://fingerprint.com"));

/** A comma-separated list of origins (ALLOWED_ORIGINS); empty when unset. */
export const originList = () =>
  z.preprocess(
    (raw) =>
      String(raw ?? "")
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    z.array(origin),
  );

/** The site's own address is SITE_URL, else the build's GATSBY_SITE_URL (a preprocess step). */
export const withSiteUrl = (source: unknown) => ({
  ...(source as EnvSource),
  SITE_URL: unset((source as EnvSource).SITE_URL) ?? unset((source as EnvSource).GATSBY_SITE_URL),
});

/** The variable naming each HubSpot form a lead endpoint forwards to (the webinar brings its own form id). */
export const FORM_VARIABLES = {
  contact: "HUBSPOT_FORM_CONTACT",
  singlePane: "HUBSPOT_FORM_SINGLE_PANE",
  newsletter: "HUBSPOT_FORM_NEWSLETTER",
  support: "HUBSPOT_FORM_SUPPORT",
  press: "HUBSPOT_FORM_PRESS",
  partners: "HUBSPOT_FORM_PARTNERS",
  roi: "HUBSPOT_FORM_ROI",
  risk: "HUBSPOT_FORM_RISK",
} as const satisfies Record<FixedHubspotForm, string>;

/** The variables naming each HubSpot form (FORM_VARIABLES), each a form GUID or unset. */
export const formGuidVariables = () =>
  Object.fromEntries(Object.values(FORM_VARIABLES).map((name) => [name, formGuid(name)])) as {
    [K in (typeof FORM_VARIABLES)[FixedHubspotForm]]: ReturnType<typeof formGuid>;
  };

/**
 * TRUST_PROXY: the proxies in front of a Node server; unset trusts none (the socket's peer is the client).
 * A range with public addresses in it is refused with its own message (any client there could pick its
 * address, and with /0 any client at all).
 */
export const trustProxyVariable = () =>
  variable(
    checked(
      "TRUST_PROXY",
      "a hop count from 1 to 10 or a comma-separated list of proxy addresses or CIDR ranges " +
        "(e.g. 10.0.0.0/8, loopback, private), or none",
      (raw) => parseTrustProxy(raw) !== null || publicTrustRange(raw) !== null,
    )
      .refine((raw) => publicTrustRange(raw) === null, {
        error: (issue) =>
          `TRUST_PROXY must not trust a range with public addresses in it, got "${publicTrustRange(String(issue.input))}": ` +
          "every client in it could choose the address it is counted and proven as. Name public " +
          "proxies one address at a time; ranges only where no public address is (private, loopback, linklocal).",
      })
      .transform((raw) => parseTrustProxy(raw) as TrustProxy)
      .optional()
      .default({ kind: "none" }),
  );

/** TRUST_PROXY_HEADER: the header those proxies append to; a proxy passes the other one on untouched. */
export const forwardedHeaderVariable = () =>
  variable(
    checked("TRUST_PROXY_HEADER", "x-forwarded-for or forwarded", (raw) =>
      /^(x-forwarded-for|forwarded)$/i.test(raw),
    )
      .transform((raw) => raw.toLowerCase() as ForwardedHeader)
      .optional()
      .default("x-forwarded-for"),
  );

/** How much longer than one send (HUBSPOT_TIMEOUT_MS) a lease must last: the write after HubSpot's answer. */
export const LEASE_MARGIN_MS = 10_000;

/**
 * LEADS_LEASE_MS checked against the send it must cover (a shorter lease lets a second worker claim a
 * lead while it is being sent), or the default: twice the timeout plus the margin, at least a minute.
 */
export function checkLease(leaseMs: number | null, timeoutMs: number): number {
  if (leaseMs === null) return Math.max(60_000, 2 * timeoutMs + LEASE_MARGIN_MS);
  if (leaseMs < timeoutMs + LEASE_MARGIN_MS)
    throw new Error(
      `LEADS_LEASE_MS must exceed HUBSPOT_TIMEOUT_MS (${timeoutMs}) by at least ${LEASE_MARGIN_MS} ms, ` +
        `so at least ${timeoutMs + LEASE_MARGIN_MS}, got "${leaseMs}": a shorter lease lets a second ` +
        "worker send a lead that is still being sent. Leave it unset for the default.",
    );
  return leaseMs;
}

/**
 * The meter's variables (src/server/integrations/secretMeter.ts), every number per secret and shared by
 * the functions that spend it (docs/security.md says why these defaults).
 */
export const meterSchema = z
  .object({
    METER_LIMIT_PER_MINUTE: count("METER_LIMIT_PER_MINUTE", 120, 1_000_000),
    METER_LIMIT_PER_HOUR: count("METER_LIMIT_PER_HOUR", 1200, 1_000_000),
    METER_NETWORK_MULTIPLIER: integer("METER_NETWORK_MULTIPLIER", 4, 1, 4),
    METER_CEILING_PER_MINUTE: count("METER_CEILING_PER_MINUTE", 1200, 10_000_000),
    METER_CEILING_PER_HOUR: count("METER_CEILING_PER_HOUR", 24_000, 10_000_000),
  })
  .transform((env) => ({
    /** Calls per caller (an IPv4 address, an IPv6 /64). */
    perMinute: env.METER_LIMIT_PER_MINUTE,
    perHour: env.METER_LIMIT_PER_HOUR,
    /** The caller's network (IPv4 /24, IPv6 /48) may make this many times a caller's calls (1 to 4). */
    networkMultiplier: env.METER_NETWORK_MULTIPLIER,
    /** Calls from all callers together, protecting the key's own quota; reaching it raises an alert. */
    ceilingPerMinute: env.METER_CEILING_PER_MINUTE,
    ceilingPerHour: env.METER_CEILING_PER_HOUR,
  }));

/** The first-party proxy's variables (GET /fp/agent, POST /fp/result). */
export const fingerprintProxySchema = z.preprocess(
  withSiteUrl,
  z.object({
    FPJS_PROXY_SECRET: secret(
      /^[\x21-\x7e]{8,256}$/,
      "FPJS_PROXY_SECRET must be the proxy secret from the Fingerprint dashboard.",
    ),
    FPJS_PROXY_TIMEOUT_MS: timeout("FPJS_PROXY_TIMEOUT_MS", 10_000),
    FPJS_CDN_URL: httpUrl("FPJS_CDN_URL", "https://fpnpmcdn.net"),
    FPJS_INGRESS_URL_US: httpUrl("FPJS_INGRESS_URL_US", "https://api.fpjs.io"),
    FPJS_INGRESS_URL_EU: httpUrl("FPJS_INGRESS_URL_EU", "https://eu.api.fpjs.io"),
    FPJS_INGRESS_URL_AP: httpUrl("FPJS_INGRESS_URL_AP", "https://ap.api.fpjs.io"),
    SITE_URL: siteUrlVariable(),
  }),
);

/** The CMS login's variables: the site's GitHub App (recommended) or OAuth App. */
export const cmsOAuthSchema = z.object({
  CMS_OAUTH_CLIENT_ID: text(),
  CMS_OAUTH_CLIENT_SECRET: secret(
    /^[\x21-\x7e]{8,256}$/,
    "CMS_OAUTH_CLIENT_SECRET must be the App's client secret.",
  ),
  CMS_OAUTH_APP_KIND: oneOf("CMS_OAUTH_APP_KIND", ["oauth-app", "github-app"], "oauth-app"),
  CMS_OAUTH_GITHUB_URL: httpUrl("CMS_OAUTH_GITHUB_URL", "https://github.com"),
  CMS_OAUTH_SCOPE: oneOf("CMS_OAUTH_SCOPE", ["repo", "public_repo"], "repo"),
  CMS_OAUTH_TIMEOUT_MS: timeout("CMS_OAUTH_TIMEOUT_MS", 8000),
});
