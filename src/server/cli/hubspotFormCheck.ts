// `npm run leads -- --check`: compares the properties the site would send with each configured HubSpot form's definition.
import type { LeadsEnv } from "../env";
import { describeFailure, fetchUpstream } from "../integrations/upstream";
import type { FixedHubspotForm, HubspotForm } from "../leads/hubspotFields";
import { allowedWebinarFormIds, fieldMapOf } from "../leads/routing";

export type FormCheck = {
  hubspotForm: HubspotForm;
  guid: string;
  /** Properties the site would send that the form does not define (the public endpoint refuses them). */
  missing: string[];
  error?: string;
};

/** The properties a form is sent (defaults + HUBSPOT_FIELD_MAP), each once. */
function propertiesOf(hubspotForm: HubspotForm, env: LeadsEnv): string[] {
  return [...new Set(Object.values(fieldMapOf(hubspotForm, env)))];
}

/** Every field name in a Marketing Forms v3 definition (fieldGroups[].fields[].name). */
function definedNames(definition: unknown): Set<string> {
  const names = new Set<string>();
  const groups = (definition as { fieldGroups?: unknown } | null)?.fieldGroups;
  if (!Array.isArray(groups)) return names;
  for (const group of groups) {
    const fields = (group as { fields?: unknown } | null)?.fields;
    if (!Array.isArray(fields)) continue;
    for (const field of fields) {
      const name = (field as { name?: unknown } | null)?.name;
      if (typeof name === "string") names.add(name);
    }
  }
  return names;
}

export async function checkForms(
  env: LeadsEnv,
  fetchImpl: typeof fetch = fetch,
): Promise<FormCheck[]> {
  if (!env.hubspot.token)
    throw new Error(
      "--check reads form definitions with HUBSPOT_TOKEN (a private-app token with the forms scope).",
    );
  const forms: [HubspotForm, string][] = [
    ...(Object.entries(env.hubspot.forms) as [FixedHubspotForm, string | null][]).filter(
      (entry): entry is [FixedHubspotForm, string] => entry[1] !== null,
    ),
    ...allowedWebinarFormIds(env).map((guid): [HubspotForm, string] => ["webinar", guid]),
  ];
  const checks: FormCheck[] = [];
  for (const [hubspotForm, guid] of forms) {
    try {
      // Through the one upstream helper: a redirect is refused, never followed with the token.
      const outcome = await fetchUpstream(`${env.hubspot.crmApiUrl}/marketing/v3/forms/${guid}`, {
        service: "HubSpot",
        headers: { authorization: `Bearer ${env.hubspot.token}`, accept: "application/json" },
        timeoutMs: env.hubspot.timeoutMs,
        fetch: fetchImpl,
        maxBytes: 1024 * 1024,
      });
      if (outcome.kind !== "answer") {
        checks.push({ hubspotForm, guid, missing: [], error: describeFailure(outcome) });
        continue;
      }
      const { response } = outcome;
      if (!response.ok) {
        checks.push({
          hubspotForm,
          guid,
          missing: [],
          error: `HubSpot answered ${response.status}`,
        });
        continue;
      }
      const names = definedNames(await response.json());
      checks.push({
        hubspotForm,
        guid,
        missing: propertiesOf(hubspotForm, env).filter((name) => !names.has(name)),
      });
    } catch (error) {
      checks.push({
        hubspotForm,
        guid,
        missing: [],
        error: `HubSpot could not be reached (${(error as Error).name})`,
      });
    }
  }
  return checks;
}

export function formatChecks(checks: readonly FormCheck[]): string {
  if (checks.length === 0) return "No HubSpot form is configured (HUBSPOT_FORM_* are unset).";
  const lines = checks.map((check) =>
    check.error
      ? `${check.hubspotForm.padEnd(11)} ${check.guid}  could not be checked: ${check.error}`
      : check.missing.length === 0
        ? `${check.hubspotForm.padEnd(11)} ${check.guid}  ok`
        : `${check.hubspotForm.padEnd(11)} ${check.guid}  the form lacks: ${check.missing.join(", ")}`,
  );
  const bad = checks.filter((check) => check.missing.length > 0).length;
  return [
    ...lines,
    "",
    bad === 0
      ? "Every form defines every property the site sends."
      : `${bad} form(s) lack properties: add them to the form in HubSpot, or drop them with HUBSPOT_FIELD_MAP.`,
  ].join("\n");
}
