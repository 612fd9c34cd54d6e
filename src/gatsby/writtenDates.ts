/**
 * A markdown file's dates as written. gatsby-transformer-remark's YAML parser turns an unquoted date into an
 * instant in UTC, which loses what the author meant ("2026-12-08 09:00:00" in the site's time zone); read
 * in YAML 1.2's core schema, where timestamps stay text, the dates keep their words.
 */
import { parse } from "yaml";

const DATE_FIELDS = ["date", "updated", "publishDate"] as const;

/** The date fields of a markdown file's frontmatter, as text; an empty object when there is none. */
export function writtenDates(
  fileText: string,
): Partial<Record<(typeof DATE_FIELDS)[number], string>> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(fileText);
  if (!match) return {};
  let data: unknown;
  try {
    data = parse(match[1] ?? "");
  } catch {
    // The transformer has already parsed this frontmatter; a quarrel between parsers is left to the schema.
    return {};
  }
  if (!data || typeof data !== "object") return {};
  const dates: Partial<Record<(typeof DATE_FIELDS)[number], string>> = {};
  for (const field of DATE_FIELDS) {
    const value = (data as Record<string, unknown>)[field];
    if (typeof value === "string") dates[field] = value;
  }
  return dates;
}
