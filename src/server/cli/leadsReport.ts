// Formats the lead store for people: the table `npm run leads` prints (or JSON with --json), and a resend's summary.
import type { RetryOutcome, RetryReport } from "../leads/retry";
import type { LeadRecord, LeadStatus } from "../leads/leadStore";

/** Visitor-typed text reaches a terminal here: control characters (escape sequences) become spaces. */
// eslint-disable-next-line no-control-regex
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");

const clip = (text: string, width: number) => {
  const clean = printable(text);
  return clean.length > width ? `${clean.slice(0, width - 1)}…` : clean.padEnd(width);
};

const STATUSES: readonly LeadStatus[] = ["pending", "forwarded", "rejected", "failed", "spam"];

/** "3 lead(s), 1 pending. 1 forwarded, 1 failed." (statuses with no lead are left out). */
function summary(records: readonly LeadRecord[]): string {
  const count = (status: LeadStatus) => records.filter((record) => record.status === status).length;
  const others = STATUSES.filter((status) => status !== "pending" && count(status) > 0).map(
    (status) => `${count(status)} ${status}`,
  );
  return `${records.length} lead(s), ${count("pending")} pending.${others.length > 0 ? ` ${others.join(", ")}.` : ""}`;
}

/** One line per lead, oldest first, with the fields a salesperson scans for and why it is not forwarded. */
export function formatLeads(records: readonly LeadRecord[]): string {
  if (records.length === 0) return "No leads stored yet.";
  const header = `${"submitted (UTC)".padEnd(20)} ${"status".padEnd(9)} ${"endpoint".padEnd(26)} ${"email".padEnd(32)} ${"form".padEnd(24)} ${"tries".padEnd(5)} ${"next attempt (UTC)".padEnd(19)} last error`;
  const rows = records.map((record) => {
    const payload = record.payload;
    const email = typeof payload.email === "string" ? payload.email : "";
    const form =
      typeof payload.name === "string" && record.endpoint.includes("hubspot/")
        ? payload.name
        : typeof payload.formName === "string"
          ? payload.formName
          : "";
    const reason = record.status === "forwarded" ? "" : printable(record.lastError ?? "");
    const next =
      record.status === "pending"
        ? (record.nextAttemptAt ?? record.submittedAt).slice(0, 19).replace("T", " ")
        : "";
    return `${record.submittedAt.slice(0, 19).replace("T", " ").padEnd(20)} ${clip(record.status, 9)} ${clip(record.endpoint, 26)} ${clip(email, 32)} ${clip(form, 24)} ${String(record.attempts).padEnd(5)} ${next.padEnd(19)} ${reason}`.trimEnd();
  });
  const notes = [summary(records)];
  if (records.some((record) => record.status === "pending")) {
    notes.push(
      "Pending leads are resent by the delivery worker when due; to run it now: npm run leads -- --retry",
    );
  }
  if (records.some((record) => record.status === "failed")) {
    notes.push(
      "Failed leads are not resent: after fixing the cause, re-queue them with npm run leads -- --replay ID (or --all-failed).",
    );
  }
  return [header, ...rows, "", ...notes].join("\n");
}

/** What `npm run leads -- --retry` did, one line per pending lead. */
export function formatRetry(report: RetryReport): string {
  if (!report.configured) {
    return (
      "HubSpot is not configured (HUBSPOT_PORTAL_ID is unset): nothing was sent and no lead changed." +
      (report.pending > 0 ? ` ${report.pending} lead(s) stay pending.` : "")
    );
  }
  if (report.pending === 0 && report.outcomes.length === 0) return "No pending leads to resend.";
  const lines = report.outcomes.map((outcome) =>
    `${clip(outcome.result, 9)} ${clip(outcome.endpoint, 26)} ${clip(outcome.email, 32)} ${printable(outcome.reason ?? "")}`.trimEnd(),
  );
  const count = (result: RetryOutcome["result"]) =>
    report.outcomes.filter((outcome) => outcome.result === result).length;
  const totals = `${report.pending} pending lead(s): ${count("forwarded")} forwarded, ${count("pending")} still pending, ${count("failed")} failed, ${count("skipped")} skipped.`;
  return [
    ...lines,
    "",
    totals,
    ...(report.stoppedEarly
      ? [
          "HubSpot is rate-limited or unreachable, or the outbound limit was reached; run it again later.",
        ]
      : []),
  ].join("\n");
}
