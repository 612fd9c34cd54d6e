// Which form a lead came from, as far as the server can tell: the fields its visitor saw and can correct.
import { definitionFor, definitions, formVariants } from "../forms/definitions";
import { formIds, type LeadEndpoint } from "../leads/forms";
import type { FormDefinition } from "../forms/types";

const allDefinitions: readonly FormDefinition[] = [
  ...formIds.map((id) => definitions[id]),
  ...formVariants.map((variant) => definitionFor("ContactSales", variant)),
];

/**
 * The fields the visitor's form shows, so an upstream error on one of them can be put beside it.
 * Several forms share an endpoint: the contact payload's `name` says which one sent it; otherwise
 * only the fields every form of that endpoint shows count (the newsletter placements, for one).
 */
export function visibleFieldsOf(
  endpoint: LeadEndpoint,
  payload: Readonly<Record<string, unknown>>,
): string[] {
  let candidates = allDefinitions.filter((definition) => definition.endpoint === endpoint);
  const named = candidates.filter((definition) => definition.id === payload.name);
  if (named.length > 0) candidates = named;
  const [first, ...rest] = candidates;
  if (!first) return [];
  return first.fields
    .map((field) => field.name)
    .filter((name) => rest.every((other) => other.fields.some((field) => field.name === name)));
}
