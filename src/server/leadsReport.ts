// Formats the outbox for people: the table `npm run leads` prints (or JSON with --json).
import type { LeadRecord } from "./outbox";

const clip = (text: string, width: number) =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);

/** One line per lead, oldest first, with the fields a salesperson scans for. */
export function formatLeads(records: readonly LeadRecord[]): string {
  if (records.length === 0) return "No leads in the outbox yet.";
  const header = `${"submitted (UTC)".padEnd(20)} ${"status".padEnd(9)} ${"endpoint".padEnd(26)} ${"email".padEnd(32)} form`;
  const rows = records.map((record) => {
    const payload = record.payload;
    const email = typeof payload.email === "string" ? payload.email : "";
    const form =
      typeof payload.name === "string" && record.endpoint.includes("hubspot/")
        ? payload.name
        : typeof payload.formName === "string"
          ? payload.formName
          : "";
    return `${record.submittedAt.slice(0, 19).replace("T", " ").padEnd(20)} ${record.status.padEnd(9)} ${clip(record.endpoint, 26)} ${clip(email, 32)} ${form}`;
  });
  const pending = records.filter((record) => record.status === "pending").length;
  return [header, ...rows, "", `${records.length} lead(s), ${pending} pending.`].join("\n");
}
