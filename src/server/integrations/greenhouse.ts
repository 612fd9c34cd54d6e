// GET /greenhouse/?action=listings | ?action=jobInfo&jobId=<id>: the careers pages' proxy to the Greenhouse Job Board API.
import sampleBoard from "../../../content/careers/sample-board.json";
import { site } from "../../config/site";
import {
  applicationFormUrl,
  greenhouseJobSchema,
  greenhouseListSchema,
  isJobId,
  toJobSummary,
  type GreenhouseJob,
  type JobInfo,
  type JobListings,
} from "../../data/jobs";
import { toJobDetail } from "../../data/jobContent";
import { readGreenhouseEnv, type GreenhouseEnv } from "../env";
import {
  errorResponse,
  json,
  methodNotAllowed,
  withoutBodyForHead,
  type Handler,
} from "../http/responses";
import { meter as defaultMeter, type Meter } from "./secretMeter";
import { describeFailure, fetchUpstream } from "./upstream";

export const GREENHOUSE_METHODS = ["GET", "HEAD"] as const;

/**
 * Short shared caching: a CDN answers most visitors and revalidates in the background, so a burst
 * of traffic costs the job board one request a minute, and a closed role disappears within minutes.
 */
export const LISTINGS_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const JOB_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** A real board's list is well under a megabyte; anything far larger is not a job board answer. */
const MAX_UPSTREAM_BYTES = 5 * 1024 * 1024;

type Query = { action: "listings" } | { action: "jobInfo"; jobId: string };

const bad = (message: string) => errorResponse(400, "bad_request", message);

/** Exactly the documented parameters, each once: anything else is refused, never forwarded. */
export function parseQuery(url: URL): Query | Response {
  const names = [...url.searchParams.keys()];
  const unknown = names.filter((name) => name !== "action" && name !== "jobId");
  if (unknown.length > 0) return bad("Only the action and jobId parameters are accepted.");
  if (new Set(names).size !== names.length) return bad("Each parameter may appear once.");
  const action = url.searchParams.get("action");
  const jobId = url.searchParams.get("jobId");
  if (action === "listings") {
    if (jobId !== null) return bad("action=listings takes no jobId.");
    return { action };
  }
  if (action === "jobInfo") {
    if (!isJobId(jobId)) return bad("jobId must be a job post id: 1 to 15 digits.");
    return { action, jobId };
  }
  return bad("action must be listings or jobInfo.");
}

class UpstreamError extends Error {
  constructor(
    readonly kind: "not_found" | "unavailable" | "timeout",
    detail: string,
  ) {
    super(detail);
  }
}

/** The board's JSON; fetchUpstream's cap (MAX_UPSTREAM_BYTES) stops a larger answer as it streams. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError("unavailable", "answer is not JSON");
  }
}

/** One GET to the job board; the path is built here from validated parts only. */
async function fetchBoard(
  env: GreenhouseEnv,
  board: string,
  path: string,
  fetchImpl: typeof fetch,
): Promise<unknown> {
  const url = `${env.apiUrl}/boards/${encodeURIComponent(board)}${path}`;
  const outcome = await fetchUpstream(url, {
    service: "Greenhouse",
    headers: { accept: "application/json" },
    timeoutMs: env.timeoutMs,
    fetch: fetchImpl,
    maxBytes: MAX_UPSTREAM_BYTES,
    read: async (response) => {
      if (response.ok) return readBody(response);
      await response.body?.cancel();
      if (response.status === 404) throw new UpstreamError("not_found", "404");
      throw new UpstreamError("unavailable", `status ${response.status}`);
    },
  });
  if (outcome.kind === "answer") return outcome.value;
  throw new UpstreamError(
    outcome.kind === "timeout" ? "timeout" : "unavailable",
    describeFailure(outcome),
  );
}

function fillSample<T>(value: T): T {
  if (typeof value === "string") {
    return value.replaceAll("{product}", site.productName).replaceAll("{siteUrl}", site.url) as T;
  }
  if (Array.isArray(value)) return value.map(fillSample) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillSample(v)])) as T;
  }
  return value;
}

/** The sample board, in Greenhouse's shape, with the brand filled in. */
export function sampleJobs(): GreenhouseJob[] {
  return greenhouseListSchema.parse(fillSample(sampleBoard)).jobs;
}

async function listings(env: GreenhouseEnv, fetchImpl: typeof fetch): Promise<JobListings> {
  if (env.board === null) return { jobs: sampleJobs().map(toJobSummary), sample: true };
  const parsed = greenhouseListSchema.safeParse(
    await fetchBoard(env, env.board, "/jobs?content=true", fetchImpl),
  );
  if (!parsed.success) throw new UpstreamError("unavailable", "unexpected list shape");
  return { jobs: parsed.data.jobs.map(toJobSummary), sample: false };
}

async function jobInfo(
  env: GreenhouseEnv,
  jobId: string,
  fetchImpl: typeof fetch,
): Promise<JobInfo> {
  if (env.board === null) {
    const job = sampleJobs().find((candidate) => String(candidate.id) === jobId);
    if (!job) throw new UpstreamError("not_found", "not in sample");
    return { job: toJobDetail(job, null), sample: true };
  }
  const body = await fetchBoard(env, env.board, `/jobs/${jobId}?questions=true`, fetchImpl);
  const parsed = greenhouseJobSchema.safeParse(body);
  if (!parsed.success || String(parsed.data.id) !== jobId) {
    throw new UpstreamError("unavailable", "unexpected job shape");
  }
  const applyUrl = applicationFormUrl(env.embedUrl, env.board, parsed.data.id);
  return { job: toJobDetail(parsed.data, applyUrl), sample: false };
}

function upstreamErrorResponse(error: UpstreamError, action: Query["action"]): Response {
  switch (error.kind) {
    case "not_found":
      return action === "jobInfo"
        ? errorResponse(
            404,
            "job_not_found",
            "This role is not open any more, or the link is wrong.",
          )
        : errorResponse(404, "board_not_found", "The job board was not found.");
    case "timeout":
      return errorResponse(
        502,
        "upstream_timeout",
        "The job board did not answer in time. Please try again.",
      );
    case "unavailable":
      return errorResponse(
        502,
        "upstream_unavailable",
        "The job board is not available right now. Please try again.",
      );
  }
}

export type GreenhouseHandlerOptions = {
  env?: () => GreenhouseEnv;
  fetch?: typeof fetch;
  /** Where upstream failures are logged (server log only; the client gets a fixed message). */
  log?: (message: string) => void;
  meter?: Meter;
};

export function createGreenhouseHandler(options: GreenhouseHandlerOptions = {}): Handler {
  const readEnv = options.env ?? (() => readGreenhouseEnv());
  const log = options.log ?? ((message: string) => console.warn(message));
  return async (request, platform) => {
    if (request.method !== "GET" && request.method !== "HEAD")
      return methodNotAllowed(GREENHOUSE_METHODS);
    const query = parseQuery(new URL(request.url));
    if (query instanceof Response) return withoutBodyForHead(request, query);
    const env = readEnv();
    // The sample board costs nothing; a live board is Greenhouse's quota, spent per address.
    if (env.board !== null) {
      const refused = await (options.meter ?? defaultMeter)("greenhouse", platform?.clientIp);
      if (refused) return withoutBodyForHead(request, refused);
    }
    const fetchImpl = options.fetch ?? fetch;
    try {
      const response =
        query.action === "listings"
          ? json(await listings(env, fetchImpl), {
              headers: { "cache-control": LISTINGS_CACHE_CONTROL },
            })
          : json(await jobInfo(env, query.jobId, fetchImpl), {
              headers: { "cache-control": JOB_CACHE_CONTROL },
            });
      return withoutBodyForHead(request, response);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.kind !== "not_found")
        log(`greenhouse ${query.action}: ${error.kind} (${error.message})`);
      return withoutBodyForHead(request, upstreamErrorResponse(error, query.action));
    }
  };
}

export const greenhouse: Handler = createGreenhouseHandler();
