/**
 * Save-time rules the CMS cannot express as field settings (Decap has no "required when another field
 * is set"): cms.tsx runs them before every save and stops the save with the message.
 */

const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";

/** What is wrong with an entry of `collection` about to be saved; empty when it may be saved. */
export function entryProblems(collection: string, data: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (collection === "blog") {
    if (filled(data["hero"]) && !filled(data["heroAlt"]))
      problems.push(
        "Hero alt is required with a hero image: describe what the image shows, for people who cannot see it.",
      );
    if (!filled(data["hero"]) && filled(data["heroAlt"]))
      problems.push(
        "Hero alt is filled in but there is no hero image: add the image or clear the text.",
      );
  }
  return problems;
}
