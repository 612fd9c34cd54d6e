// The building blocks of the server's environment schemas (./env.ts): every variable is read the same
// way (blank is unset) and every bad value fails with a message naming the variable.
import { z } from "zod";

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

/** Parses `source`; the first problem (in the schema's key order) is the error, in the variable's words. */
export function read<T extends z.ZodType>(schema: T, source: EnvSource): z.output<T> {
  const result = schema.safeParse(source);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Invalid environment.");
  return result.data;
}
