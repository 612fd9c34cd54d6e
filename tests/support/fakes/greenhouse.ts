// A loopback fake of Greenhouse's Job Board API (docs/contracts/greenhouse.md), with switches for failures.
import http from "node:http";
import type { AddressInfo } from "node:net";
import sampleBoard from "../../../content/careers/sample-board.json";
import { createServiceStatusRoute } from "./serviceStatus";

export type FakeMode =
  /** Normal answers. */
  | { kind: "ok" }
  /** Every API request answers 500 with a non-JSON body, as an outage might. */
  | { kind: "error" }
  /** Answers after a delay (ms). */
  | { kind: "slow"; delayMs: number }
  /** Never answers (until the fake closes). */
  | { kind: "hang" };

export type FakeJob = Record<string, unknown> & { id: number; content: string };

export type FakeGreenhouse = {
  /** Origin plus /v1, the value for GREENHOUSE_API_URL. */
  apiUrl: string;
  origin: string;
  port: number;
  boards: Map<string, FakeJob[]>;
  /** Path and query of every API request received, in order. */
  requests: string[];
  setMode(mode: FakeMode): void;
  close(): Promise<void>;
};

/** Entity-escapes HTML exactly as Greenhouse does for `content`. */
export function escapeHtml(html: string): string {
  return html
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Board "acme": the sample roles as a live board, plus one post whose description tries to run script. */
export function defaultBoards(): Map<string, FakeJob[]> {
  const jobs = (sampleBoard.jobs as FakeJob[]).map((job) => ({
    ...job,
    company_name: "Acme",
    absolute_url: `https://boards.greenhouse.io/acme/jobs/${job.id}`,
    content: job.content.replace(/Sample listing\./, "Acme listing."),
  }));
  const hostile: FakeJob = {
    ...(jobs[0] as FakeJob),
    id: 4012345099,
    internal_job_id: 3120987099,
    title: "Staff Engineer, Browser Signals",
    requisition_id: "ENG-199",
    location: { name: "Remote (Europe)" },
    absolute_url: "https://boards.greenhouse.io/acme/jobs/4012345099",
    content: escapeHtml(
      '<p onclick="window.__pwned=1">Join the <strong>signals</strong> team &amp; help.</p>' +
        "<script>window.__pwned=1</script>" +
        '<img src="x" onerror="window.__pwned=1">' +
        '<p><a href="javascript:window.__pwned=1">Click</a> or read <a href="https://example.com/team">about the team</a>.</p>',
    ),
  };
  return new Map([
    ["acme", [...jobs, hostile]],
    ["empty", []],
  ]);
}

const QUESTIONS = [
  { required: true, label: "First Name", fields: [{ name: "first_name", type: "input_text" }] },
  { required: true, label: "Last Name", fields: [{ name: "last_name", type: "input_text" }] },
  { required: true, label: "Email", fields: [{ name: "email", type: "input_text" }] },
  {
    required: true,
    label: "Resume/CV",
    fields: [
      { name: "resume", type: "input_file" },
      { name: "resume_text", type: "textarea" },
    ],
  },
];

function listItem(job: FakeJob, withContent: boolean): Record<string, unknown> {
  if (withContent) return job;
  const { content: _c, departments: _d, offices: _o, ...rest } = job;
  return rest;
}

function detail(job: FakeJob, params: URLSearchParams): Record<string, unknown> {
  const body: Record<string, unknown> = { ...job };
  if (params.get("questions") === "true") {
    body.questions = QUESTIONS;
    body.location_questions = [];
  }
  if (params.get("pay_transparency") === "true") {
    body.pay_input_ranges = [
      {
        min_cents: 9000000,
        max_cents: 12000000,
        currency_type: "EUR",
        title: "Base salary",
        blurb: "",
      },
    ];
  }
  return body;
}

const NOT_FOUND = { status: 404, error: "Job not found" };
const CALLBACK = /^[A-Za-z0-9_.]{1,64}$/;

/** The form Greenhouse would frame on the apply page; here a small same-machine page. */
function embedPage(params: URLSearchParams): string {
  const board = escapeHtml(params.get("for") ?? "");
  const token = escapeHtml(params.get("token") ?? "");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply (fake)</title></head><body><h1>Apply for job ${token}</h1><p>Fake Greenhouse application form for board ${board}.</p><form><label>First name <input name="first_name"></label></form></body></html>`;
}

export async function startFakeGreenhouse(
  options: {
    port?: number;
    boards?: Map<string, FakeJob[]>;
    mode?: FakeMode;
    /** Other fakes sharing this port (e.g. HubSpot): each returns true when it answered. */
    extraRoutes?: ((req: http.IncomingMessage, res: http.ServerResponse) => boolean)[];
  } = {},
): Promise<FakeGreenhouse> {
  const boards = options.boards ?? defaultBoards();
  const requests: string[] = [];
  let mode: FakeMode = options.mode ?? { kind: "ok" };
  const hanging = new Set<http.ServerResponse>();
  const serviceStatus = createServiceStatusRoute();

  const server = http.createServer((req, res) => {
    if (serviceStatus.route(req, res)) return;
    for (const extra of options.extraRoutes ?? []) if (extra(req, res)) return;
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: unknown, type = "application/json; charset=utf-8") => {
      let text = typeof body === "string" ? body : JSON.stringify(body);
      const callback = url.searchParams.get("callback");
      if (type.startsWith("application/json") && callback && CALLBACK.test(callback)) {
        text = `${callback}(${text})`;
        type = "application/javascript; charset=utf-8";
      }
      res.writeHead(status, { "content-type": type, "access-control-allow-origin": "*" });
      res.end(text);
    };

    // Test control, for browser tests that run the fake as a separate process.
    if (url.pathname === "/__fake/mode" && req.method === "POST") {
      let raw = "";
      req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      req.on("end", () => {
        mode = JSON.parse(raw) as FakeMode;
        send(200, { ok: true });
      });
      return;
    }
    if (url.pathname === "/embed/job_app" && req.method === "GET") {
      send(200, embedPage(url.searchParams), "text/html; charset=utf-8");
      return;
    }

    const match = /^\/v1\/boards\/([^/]+)\/jobs(?:\/([^/]+))?\/?$/.exec(url.pathname);
    if (!match || req.method !== "GET") {
      send(404, NOT_FOUND);
      return;
    }
    requests.push(`${url.pathname}${url.search}`);

    const answer = () => {
      if (mode.kind === "error") {
        send(500, "<html><body>Internal Server Error</body></html>", "text/html; charset=utf-8");
        return;
      }
      const jobs = boards.get(decodeURIComponent(match[1] ?? ""));
      if (!jobs) return send(404, NOT_FOUND);
      const id = match[2];
      if (id === undefined) {
        const withContent = url.searchParams.get("content") === "true";
        return send(200, {
          jobs: jobs.map((job) => listItem(job, withContent)),
          meta: { total: jobs.length },
        });
      }
      const job = jobs.find((candidate) => String(candidate.id) === id);
      if (!job) return send(404, NOT_FOUND);
      send(200, detail(job, url.searchParams));
    };

    if (mode.kind === "hang") {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (mode.kind === "slow") {
      const timer = setTimeout(answer, mode.delayMs);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    answer();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    apiUrl: `${origin}/v1`,
    origin,
    port,
    boards,
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
