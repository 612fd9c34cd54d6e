// The rehearsal's findings: one line per check, printed as a table; any failure fails the run.

export type Check = { host: string; name: string; ok: boolean; detail: string };

export class Findings {
  readonly checks: Check[] = [];

  constructor(private readonly host: string) {}

  record(name: string, ok: boolean, detail = ""): boolean {
    this.checks.push({ host: this.host, name, ok, detail });
    const mark = ok ? "ok  " : "FAIL";
    console.log(`[${this.host}] ${mark} ${name}${detail ? ` (${detail})` : ""}`);
    return ok;
  }

  /** Runs a check that throws on failure; the error's message becomes the detail. */
  async attempt(name: string, check: () => Promise<string | void>): Promise<boolean> {
    try {
      const detail = await check();
      return this.record(name, true, detail ?? "");
    } catch (error) {
      return this.record(name, false, error instanceof Error ? error.message : String(error));
    }
  }

  get failed(): number {
    return this.checks.filter((check) => !check.ok).length;
  }
}

/** A fixed-width table of every check, failures first in the eye: their detail is printed in full. */
export function formatTable(checks: readonly Check[]): string {
  const width = Math.max(5, ...checks.map((check) => check.name.length));
  const lines = [`host     result  ${"check".padEnd(width)}  detail`];
  for (const check of checks) {
    const detail = check.ok ? check.detail.slice(0, 80) : check.detail;
    lines.push(
      `${check.host.padEnd(8)} ${(check.ok ? "ok" : "FAIL").padEnd(7)} ${check.name.padEnd(width)}  ${detail}`,
    );
  }
  const failed = checks.filter((check) => !check.ok).length;
  lines.push(`${checks.length - failed} passed, ${failed} failed`);
  return lines.join("\n");
}

/** Throws with the given message unless the condition holds (checks read as plain assertions). */
export function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
