/** The product's service status ({api}/service-status): the call, and its answer mapped to three states. */
import { publicEnv } from "../config/env";

export type ServiceState = "operational" | "degraded" | "outage";
export type ServiceStatus = { state: ServiceState; error: false } | { state: null; error: true };

const STATES: Record<string, ServiceState> = {
  operational: "operational",
  ok: "operational",
  up: "operational",
  none: "operational",
  all_systems_operational: "operational",
  degraded: "degraded",
  degraded_performance: "degraded",
  partial_outage: "degraded",
  minor: "degraded",
  under_maintenance: "degraded",
  maintenance: "degraded",
  outage: "outage",
  major_outage: "outage",
  major: "outage",
  critical: "outage",
  down: "outage",
};

/**
 * Reads `status` from the answer. The spec names it `data.status`, which reads like an HTTP client's
 * `response.data`; a body that nests it under `data` is accepted too. An unknown value is not guessed.
 */
export function serviceStateOf(body: unknown): ServiceState | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as { status?: unknown; data?: unknown };
  const raw =
    typeof record.status === "string"
      ? record.status
      : typeof record.data === "object" && record.data !== null
        ? (record.data as { status?: unknown }).status
        : undefined;
  if (typeof raw !== "string") return null;
  return (
    STATES[
      raw
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, "_")
    ] ?? null
  );
}

export const STATUS_TIMEOUT_MS = 5000;

/** Never throws: every failure (network, status code, shape, timeout) is `{ error: true }`. */
export async function fetchServiceStatus(
  apiUrl: string,
  options: { fetch?: typeof fetch; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ServiceStatus> {
  const fetchImpl = options.fetch ?? fetch;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? STATUS_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await fetchImpl(`${apiUrl.replace(/\/+$/, "")}/service-status`, {
      signal,
      headers: { accept: "application/json" },
      credentials: "omit",
    });
    if (!response.ok) return { state: null, error: true };
    const state = serviceStateOf(await response.json());
    return state ? { state, error: false } : { state: null, error: true };
  } catch {
    return { state: null, error: true };
  }
}

/** The configured API, or null: then no call is made and no indicator is shown. */
export function statusApiUrl(): string | null {
  return publicEnv.apiUrl;
}
