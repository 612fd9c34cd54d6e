/** Build-time helpers for content files: parsing YAML and filling in the brand placeholders. */
import { parse } from "yaml";
import { site } from "../config/site";

/** Placeholders a content file may use, so brand and outside addresses stay in site config. */
export const placeholders: Record<string, string> = {
  "{productSlug}": site.productSlug,
  "{product}": site.productName,
  "{signupUrl}": site.external.signup,
  "{loginUrl}": site.external.login,
  "{docsUrl}": site.external.docs,
  "{demoHubUrl}": site.external.demoHub,
  "{statusUrl}": site.external.status,
  "{communityUrl}": site.external.community,
  "{careersBoardUrl}": site.external.careersBoard,
  "{emailDomain}": site.emailDomain,
};

/** Placeholders that stand for lowercase-hyphen text, so a link may use them inside a path of this site. */
export const PATH_PLACEHOLDERS = ["{productSlug}"] as const;

/** Placeholders that stand for an absolute address, so a link may start with one. */
export const ADDRESS_PLACEHOLDERS = [
  "{signupUrl}",
  "{loginUrl}",
  "{docsUrl}",
  "{demoHubUrl}",
  "{statusUrl}",
  "{communityUrl}",
  "{careersBoardUrl}",
] as const;

/** Replaces every placeholder in every string of a parsed content tree. */
export function fillPlaceholders<T>(value: T): T {
  if (typeof value === "string") {
    let out: string = value;
    for (const [token, replacement] of Object.entries(placeholders))
      out = out.replaceAll(token, replacement);
    return out as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => fillPlaceholders(item)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = fillPlaceholders(item);
    return out as T;
  }
  return value;
}

/** Parses a YAML document, naming the file in any syntax error. */
export function parseYamlFile(text: string, source: string): unknown {
  try {
    return parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not parse ${source}: ${reason}`);
  }
}
