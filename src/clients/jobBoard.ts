/** The careers pages' one job-board client: the site's /greenhouse/ proxy or Greenhouse directly, same answers. */
import { publicEnv, type PublicEnv } from "../config/env";
import {
  applicationFormUrl,
  greenhouseJobSchema,
  greenhouseListSchema,
  jobInfoSchema,
  jobListingsSchema,
  toJobSummary,
  type JobInfo,
  type JobListings,
} from "../data/jobs";

export type JobBoardMode =
  | { kind: "proxy"; endpoint: string }
  | { kind: "direct"; apiUrl: string; board: string; embedUrl: string };

/** Direct mode needs a board; without one the proxy (and its sample board) answers. */
export function jobBoardMode(env: PublicEnv["greenhouse"] = publicEnv.greenhouse): JobBoardMode {
  if (!env.proxy && env.board) {
    return { kind: "direct", apiUrl: env.apiUrl, board: env.board, embedUrl: env.embedUrl };
  }
  return { kind: "proxy", endpoint: "/greenhouse/" };
}

/** Why a request failed: the role does not exist, or the board could not be read (worth a retry). */
export class JobBoardError extends Error {
  constructor(
    readonly kind: "not_found" | "unavailable",
    message: string,
  ) {
    super(message);
    this.name = "JobBoardError";
  }
}

export type ClientOptions = {
  mode?: JobBoardMode;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** The browser gives up after this long and shows the error state (the proxy itself waits less). */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;

async function getJson(url: string, options: ClientOptions): Promise<unknown> {
  const fetchImpl = options.fetch ?? fetch;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetchImpl(url, { signal, headers: { accept: "application/json" } });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new JobBoardError("unavailable", "The job board could not be reached.");
  }
  if (!response.ok) {
    // An error page's body is not read; dropping it frees the connection.
    void response.body?.cancel().catch(() => undefined);
    if (response.status === 404)
      throw new JobBoardError("not_found", "This role is not open any more.");
    throw new JobBoardError("unavailable", `The job board answered ${response.status}.`);
  }
  try {
    return await response.json();
  } catch {
    throw new JobBoardError("unavailable", "The job board sent an unreadable answer.");
  }
}

function parse<T>(
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } },
  data: unknown,
): T {
  const result = schema.safeParse(data);
  if (!result.success)
    throw new JobBoardError("unavailable", "The job board sent an unexpected answer.");
  return result.data;
}

function boardUrl(mode: Extract<JobBoardMode, { kind: "direct" }>, path: string): string {
  return `${mode.apiUrl}/boards/${encodeURIComponent(mode.board)}${path}`;
}

/** The sanitizer (sanitize-html, about 90 KiB brotli) loads only where a description is shown. */
const loadJobContent = () => import(/* webpackChunkName: "job-content" */ "../data/jobContent");

export async function fetchJobListings(options: ClientOptions = {}): Promise<JobListings> {
  const mode = options.mode ?? jobBoardMode();
  if (mode.kind === "proxy") {
    return parse(jobListingsSchema, await getJson(`${mode.endpoint}?action=listings`, options));
  }
  const list = parse(
    greenhouseListSchema,
    await getJson(boardUrl(mode, "/jobs?content=true"), options),
  );
  return { jobs: list.jobs.map(toJobSummary), sample: false };
}

export async function fetchJobInfo(jobId: string, options: ClientOptions = {}): Promise<JobInfo> {
  const mode = options.mode ?? jobBoardMode();
  if (mode.kind === "proxy") {
    const info = parse(
      jobInfoSchema,
      await getJson(`${mode.endpoint}?action=jobInfo&jobId=${encodeURIComponent(jobId)}`, options),
    );
    // The proxy already sanitized it; sanitizing again here means the page never trusts a network answer.
    const { sanitizeJobHtml } = await loadJobContent();
    return {
      ...info,
      job: { ...info.job, descriptionHtml: sanitizeJobHtml(info.job.descriptionHtml) },
    };
  }
  const job = parse(
    greenhouseJobSchema,
    await getJson(boardUrl(mode, `/jobs/${encodeURIComponent(jobId)}`), options),
  );
  const { toJobDetail } = await loadJobContent();
  return {
    job: toJobDetail(job, applicationFormUrl(mode.embedUrl, mode.board, job.id)),
    sample: false,
  };
}
