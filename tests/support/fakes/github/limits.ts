// GitHub's rate limits, as the fake enforces them per token (docs/contracts/github.md, "Rate limits"): the primary
// hourly budgets (REST requests; GraphQL points), the secondary limits (concurrent requests, points a minute),
// their headers and refusals, and conditional requests answered 304 costing nothing. Every call is recorded, so
// tests and the admin bench can count what a session spent.

export type Resource = "core" | "graphql";

export type LimitSettings = {
  /** Primary: REST requests an hour per token (GitHub: 5,000 for a user's token). */
  coreHourly: number;
  /** Primary: GraphQL points an hour per token (GitHub: 5,000). */
  graphqlHourly: number;
  /** Secondary: requests in flight at once per token, REST and GraphQL together (GitHub: 100). */
  concurrent: number;
  /** Secondary: points a minute on the REST API (GET, HEAD, OPTIONS 1; other methods 5; GitHub: 900). */
  corePointsPerMinute: number;
  /** Secondary: points a minute on the GraphQL endpoint (queries 1, mutations 5; GitHub: 2,000). */
  graphqlPointsPerMinute: number;
  /** What the fake answers a request over a limit: GitHub uses both. */
  refusalStatus: 403 | 429;
};

export const GITHUB_LIMITS: LimitSettings = {
  coreHourly: 5000,
  graphqlHourly: 5000,
  concurrent: 100,
  corePointsPerMinute: 900,
  graphqlPointsPerMinute: 2000,
  refusalStatus: 403,
};

/** One API call as the fake saw it. */
export type CallRecord = {
  at: number;
  token: string;
  method: string;
  path: string;
  resource: Resource;
  status: number;
  /** What it took from the primary budget: 1 a REST request, the query's cost in GraphQL points, 0 for a 304. */
  cost: number;
  /** Which limit refused it, if one did. */
  refused: "primary" | "secondary" | null;
};

type Window = { start: number; used: number };

type TokenState = {
  hour: Record<Resource, Window>;
  minute: Record<Resource, Window>;
  inFlight: number;
};

export type Refusal = { status: number; message: string; headers: Record<string, string> };

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DOCS = "https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api";

/** The secondary limit's points for a request (GitHub's table: reads 1, writes 5). */
export function secondaryPoints(resource: Resource, method: string, mutation = false): number {
  if (resource === "graphql") return mutation ? 5 : 1;
  return ["GET", "HEAD", "OPTIONS"].includes(method) ? 1 : 5;
}

export function createLimits(settings: Partial<LimitSettings> = {}, now: () => number = Date.now) {
  const limits: LimitSettings = { ...GITHUB_LIMITS, ...settings };
  const tokens = new Map<string, TokenState>();
  const calls: CallRecord[] = [];

  const fresh = (at: number): Record<Resource, Window> => ({
    core: { start: at, used: 0 },
    graphql: { start: at, used: 0 },
  });
  const stateOf = (token: string): TokenState => {
    let state = tokens.get(token);
    if (!state) {
      const at = now();
      state = { hour: fresh(at), minute: fresh(at), inFlight: 0 };
      tokens.set(token, state);
    }
    // Windows start with the first request after the last one ended, as GitHub's do.
    const at = now();
    for (const resource of ["core", "graphql"] as const) {
      if (at - state.hour[resource].start >= HOUR) state.hour[resource] = { start: at, used: 0 };
      if (at - state.minute[resource].start >= MINUTE)
        state.minute[resource] = { start: at, used: 0 };
    }
    return state;
  };
  const hourly = (resource: Resource) =>
    resource === "core" ? limits.coreHourly : limits.graphqlHourly;
  const perMinute = (resource: Resource) =>
    resource === "core" ? limits.corePointsPerMinute : limits.graphqlPointsPerMinute;

  /** GitHub's x-ratelimit-* headers for the token's hourly window of `resource`. */
  function headers(token: string, resource: Resource): Record<string, string> {
    const window = stateOf(token).hour[resource];
    const limit = hourly(resource);
    return {
      "x-ratelimit-limit": String(limit),
      "x-ratelimit-remaining": String(Math.max(0, limit - window.used)),
      "x-ratelimit-used": String(window.used),
      "x-ratelimit-reset": String(Math.ceil((window.start + HOUR) / 1000)),
      "x-ratelimit-resource": resource,
    };
  }

  return {
    settings: limits,
    calls,
    headers,
    /**
     * Whether a request may start: a refusal when the token's hourly budget is spent (GitHub's primary limit:
     * no retry-after, wait for x-ratelimit-reset) or a secondary limit is reached (retry-after in seconds).
     * `points` is the secondary limit's points; the primary cost is charged after the answer (charge).
     */
    admit(token: string, resource: Resource, points: number): Refusal | null {
      const state = stateOf(token);
      const window = state.hour[resource];
      if (window.used >= hourly(resource))
        return {
          status: limits.refusalStatus,
          message:
            resource === "core"
              ? `API rate limit exceeded for user. If you reach out to GitHub Support for help, please include the request ID.`
              : "API rate limit exceeded for user.",
          headers: headers(token, resource),
        };
      const minute = state.minute[resource];
      if (state.inFlight >= limits.concurrent || minute.used + points > perMinute(resource)) {
        const wait = Math.max(1, Math.ceil((minute.start + MINUTE - now()) / 1000));
        return {
          status: limits.refusalStatus,
          message:
            "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
          headers: { ...headers(token, resource), "retry-after": String(wait) },
        };
      }
      minute.used += points;
      state.inFlight += 1;
      return null;
    },
    /** A request admitted by `admit` ended; `cost` is what it takes from the hourly budget. */
    charge(token: string, resource: Resource, cost: number): void {
      const state = stateOf(token);
      state.inFlight = Math.max(0, state.inFlight - 1);
      state.hour[resource].used += cost;
    },
    record(call: Omit<CallRecord, "at">): void {
      calls.push({ at: now(), ...call });
    },
    /** Spends the rest of a token's hourly budget of `resource` (a test's shortcut to the limit). */
    exhaust(token: string, resource: Resource = "core"): void {
      stateOf(token).hour[resource].used = hourly(resource);
    },
    /** Every token's windows start again (the hour passed). */
    reset(): void {
      tokens.clear();
    },
  };
}

export type Limits = ReturnType<typeof createLimits>;

/** GitHub's JSON for a refused request. */
export const refusalBody = (refusal: Refusal) => ({
  message: refusal.message,
  documentation_url: DOCS,
  status: String(refusal.status),
});

/** Totals of a run of calls: what the admin bench prints. */
export function tally(calls: readonly CallRecord[]) {
  const rest = calls.filter((call) => call.resource === "core");
  const graphql = calls.filter((call) => call.resource === "graphql");
  return {
    restRequests: rest.length,
    notModified: rest.filter((call) => call.status === 304).length,
    graphqlQueries: graphql.length,
    graphqlPoints: graphql.reduce((sum, call) => sum + call.cost, 0),
    refused: calls.filter((call) => call.refused !== null).length,
    /** REST requests (304s included) plus GraphQL points. */
    calls: rest.length + graphql.reduce((sum, call) => sum + call.cost, 0),
    /** What the calls took from the hourly budgets (a 304 takes nothing). */
    spent: calls.reduce((sum, call) => sum + call.cost, 0),
  };
}
