// The Vercel rehearsal's calls to the launched functions: each function answers real requests as it would
// on Vercel (geo headers, forms into PostgreSQL, the cron with its secret), with the fakes on loopback.
import fs from "node:fs";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import postgres from "postgres";
import { validBodies } from "../../tests/unit/leads/samples";
import { expectThat, type Findings } from "./report";
import { callFunction, type LaunchedFunction } from "./vercelLauncher";
import { route, type Filesystem, type Route } from "./vercelRouting";
import { CMS_OAUTH, checkForgedCallback, checkLoginStart } from "./cmsLogin";
import { CRON_SECRET, SITE_URL, type World } from "./world";
import { createPgLeadStore } from "../../src/server/leads/pgLeadStore";

const SITE_HOST = new URL(SITE_URL).host;
export const CLIENT = { ip: "203.0.113.7", host: SITE_HOST };
const [LEAD, CRON_LEAD] = ["vercel.rehearsal@example.org", "vercel.cron@example.org"];

/** What `vercel build` wrote: its folder, its routes and its crons. */
export type Output = { dir: string; routes: Route[]; crons: { path: string; schedule: string }[] };

function outputFilesystem(outputDir: string): Filesystem {
  return {
    isStaticFile: (file) =>
      fs.statSync(path.join(outputDir, "static", file), { throwIfNoEntry: false })?.isFile() ??
      false,
    isFunction: (name) =>
      fs.existsSync(path.join(outputDir, "functions", `${name}.func`, ".vc-config.json")),
  };
}

export function routeGet(output: Output, url: string, headers: Record<string, string> = {}) {
  return route(
    output.routes,
    { method: "GET", url, headers: new Headers(headers) },
    outputFilesystem(output.dir),
  );
}

async function withFunction<T>(
  launched: Map<string, LaunchedFunction>,
  name: string,
  use: (fn: LaunchedFunction) => Promise<T>,
): Promise<T> {
  const fn = launched.get(name);
  if (!fn) throw new Error(`${name} did not load`);
  return use(fn);
}

export async function checkCalls(
  findings: Findings,
  output: Output,
  world: World,
  launched: Map<string, LaunchedFunction>,
): Promise<void> {
  await findings.attempt("country from Vercel's geo header", () =>
    withFunction(launched, "api/get-country", async (fn) => {
      const answer = await callFunction(
        fn,
        { method: "GET", url: "/api/get-country", headers: { "x-vercel-ip-country": "DE" } },
        CLIENT,
      );
      const body = (await answer.json()) as { country: unknown };
      expectThat(
        answer.status === 200 && body.country === "DE",
        `answered ${answer.status} ${JSON.stringify(body)}`,
      );
      return "DE";
    }),
  );

  await findings.attempt("job board through the site's proxy (fake Greenhouse)", () => {
    const outcome = routeGet(output, "/greenhouse/?action=listings");
    expectThat(outcome.kind === "function", `routed to ${outcome.kind}`);
    return withFunction(launched, outcome.name, async (fn) => {
      const answer = await callFunction(fn, { method: "GET", url: outcome.url }, CLIENT);
      const body = (await answer.json()) as { jobs?: unknown[] };
      expectThat(
        answer.status === 200 && Array.isArray(body.jobs) && body.jobs.length > 0,
        `answered ${answer.status}`,
      );
      return `${body.jobs?.length} jobs`;
    });
  });

  await findings.attempt(
    "the CMS login: a state bound to a cookie; a forged state refused",
    async () => {
      const start = routeGet(output, "/api/cms-auth?provider=github");
      const callback = routeGet(output, "/api/cms-callback?code=x&state=forged");
      expectThat(
        start.kind === "function" && callback.kind === "function",
        "not routed to functions",
      );
      const cookie = await withFunction(launched, start.name, async (fn) =>
        checkLoginStart(
          await callFunction(fn, { method: "GET", url: start.url }, CLIENT),
          SITE_URL,
          CMS_OAUTH.clientId,
        ),
      );
      return withFunction(launched, callback.name, async (fn) =>
        checkForgedCallback(
          await callFunction(
            fn,
            { method: "GET", url: callback.url, headers: { cookie, accept: "application/json" } },
            CLIENT,
          ),
        ),
      );
    },
  );

  const sql = postgres(world.databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    let leadId = "";
    await findings.attempt(
      "a lead: 2xx and stored in PostgreSQL (HubSpot down for its first send)",
      () =>
        withFunction(launched, "api/hubspot", async (fn) => {
          world.hubspot.setMode("down", true);
          const answer = await callFunction(
            fn,
            {
              method: "POST",
              url: "/api/hubspot/",
              headers: {
                "content-type": "application/json",
                origin: SITE_URL,
                "idempotency-key": crypto.randomUUID(),
              },
              body: JSON.stringify({
                ...validBodies["/api/hubspot/"],
                email: LEAD,
              }),
            },
            CLIENT,
          );
          const body = (await answer.json()) as { id?: string };
          expectThat(
            answer.status >= 200 && answer.status < 300 && typeof body.id === "string",
            `answered ${answer.status} ${JSON.stringify(body)}`,
          );
          leadId = body.id;
          const rows = await sql<
            { status: string }[]
          >`SELECT status FROM leads WHERE id = ${leadId}`;
          expectThat(rows.length === 1, "the lead is not in PostgreSQL");
          return `lead ${rows[0]?.status}`;
        }),
    );

    const mine = (email: string) =>
      world.hubspot.submissions.filter((s) => s.values.email === email);
    await findings.attempt(
      "the lead function's waitUntil drain sends it once, no cron",
      async () => {
        const answered = Date.now();
        while (!mine(LEAD)[0] && Date.now() - answered < 60_000) await setTimeout(200);
        const rows = await sql<{ status: string }[]>`SELECT status FROM leads WHERE id = ${leadId}`;
        expectThat(mine(LEAD).length === 1, `HubSpot received it ${mine(LEAD).length} times`);
        expectThat(rows[0]?.status === "forwarded", `lead is ${rows[0]?.status}`);
        return `reached HubSpot ${(((mine(LEAD)[0]?.receivedAt ?? 0) - answered) / 1000).toFixed(1)} s after the answer`;
      },
    );

    await findings.attempt("the cron without CRON_SECRET is refused", () =>
      withFunction(launched, "api/leads-worker", async (fn) => {
        const answer = await callFunction(fn, { method: "GET", url: "/api/leads-worker" }, CLIENT);
        expectThat(answer.status === 401 || answer.status === 403, `answered ${answer.status}`);
        return String(answer.status);
      }),
    );

    await findings.attempt("the cron with CRON_SECRET sends a due lead nobody drained, once", () =>
      withFunction(launched, "api/leads-worker", async (fn) => {
        const store = createPgLeadStore(world.databaseUrl);
        await store.add({ endpoint: "/api/hubspot-newsletter/", payload: { email: CRON_LEAD } });
        await store.close();
        const authorization = `Bearer ${CRON_SECRET}`;
        const answer = await callFunction(
          fn,
          { method: "GET", url: "/api/leads-worker", headers: { authorization } },
          CLIENT,
        );
        expectThat(
          answer.status === 200 && mine(CRON_LEAD).length === 1,
          `${answer.status}, sent ${mine(CRON_LEAD).length} times`,
        );
        return "forwarded, 1 submission";
      }),
    );
  } finally {
    await sql.end();
  }
}
