// A loopback fake of Amplitude's HTTP V2 ingestion (docs/contracts/amplitude.md): `code` in every reply.
//
// Control: GET /__fake/amplitude/events (accepted events), DELETE to clear;
// POST /__fake/amplitude/mode {"status": 200|400|413|429|500, "count"?: n} forces answers for the next n requests;
// {"hang": true} never answers.
import http from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_AMPLITUDE_KEY = "0123456789abcdef0123456789abcdef";

export type FakeEvent = Record<string, unknown> & {
  event_type: string;
  device_id?: string;
  user_id?: string;
};

export type AmplitudeRoute = {
  route(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  events: FakeEvent[];
  force(status: number, count?: number): void;
  hang(on: boolean): void;
  destroyHanging(): void;
};

export function createAmplitudeRoute(
  options: { apiKey?: string; minIdLength?: number } = {},
): AmplitudeRoute {
  const apiKey = options.apiKey ?? FAKE_AMPLITUDE_KEY;
  const events: FakeEvent[] = [];
  const seen = new Set<string>();
  const hanging = new Set<http.ServerResponse>();
  let forced: { status: number; count: number } | null = null;
  let hangAll = false;

  const send = (res: http.ServerResponse, status: number, body: Record<string, unknown>) => {
    res.writeHead(status, {
      "content-type": "application/json",
      "access-control-allow-origin": "*",
    });
    res.end(JSON.stringify({ code: status, ...body }));
  };

  function ingest(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      if (hangAll) {
        hanging.add(res);
        return;
      }
      if (forced && forced.count > 0) {
        forced.count -= 1;
        return send(res, forced.status, { error: "forced by the test" });
      }
      if (raw.length > 1024 * 1024) return send(res, 413, { error: "Payload too large" });
      let body: { api_key?: unknown; events?: unknown; options?: { min_id_length?: number } };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return send(res, 400, { error: "Invalid JSON request body" });
      }
      if (typeof body.api_key !== "string")
        return send(res, 400, {
          error: "Request missing required field",
          missing_field: "api_key",
        });
      if (!Array.isArray(body.events))
        return send(res, 400, { error: "Request missing required field", missing_field: "events" });
      if (body.api_key !== apiKey)
        return send(res, 400, { error: `Invalid API key: ${body.api_key}` });
      if (body.events.length > 2000) return send(res, 413, { error: "Payload too large" });
      const minId = body.options?.min_id_length ?? options.minIdLength ?? 5;
      const missing: Record<string, number[]> = {};
      const invalid: Record<string, number[]> = {};
      const short: Record<string, number[]> = {};
      (body.events as FakeEvent[]).forEach((event, index) => {
        if (typeof event.event_type !== "string" || event.event_type === "")
          (missing.event_type ??= []).push(index);
        if (!event.device_id && !event.user_id) (missing.device_id ??= []).push(index);
        for (const key of ["device_id", "user_id"] as const) {
          const id = event[key];
          if (typeof id === "string" && id.length < minId) (short[key] ??= []).push(index);
        }
        if (event.time !== undefined && !Number.isInteger(event.time))
          (invalid.time ??= []).push(index);
      });
      if (Object.keys(missing).length || Object.keys(invalid).length || Object.keys(short).length) {
        return send(res, 400, {
          error: "Invalid field values on some events",
          events_with_missing_fields: missing,
          events_with_invalid_fields: invalid,
          events_with_invalid_id_lengths: short,
        });
      }
      for (const event of body.events as FakeEvent[]) {
        const id = typeof event.insert_id === "string" ? event.insert_id : null;
        if (id && seen.has(id)) continue;
        if (id) seen.add(id);
        events.push(event);
      }
      send(res, 200, {
        events_ingested: body.events.length,
        payload_size_bytes: raw.length,
        server_upload_time: Date.now(),
      });
    });
  }

  return {
    events,
    force(status, count = 1) {
      forced = { status, count };
    },
    hang(on) {
      hangAll = on;
    },
    destroyHanging() {
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
    route(req, res) {
      const url = new URL(req.url ?? "/", "http://fake");
      if (url.pathname === "/__fake/amplitude/events") {
        if (req.method === "DELETE") {
          events.length = 0;
          seen.clear();
          forced = null;
          hangAll = false;
          send(res, 200, {});
        } else {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(events));
        }
        return true;
      }
      if (url.pathname === "/__fake/amplitude/mode" && req.method === "POST") {
        let raw = "";
        req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
        req.on("end", () => {
          const mode = JSON.parse(raw) as { status?: number; count?: number; hang?: boolean };
          if (mode.status) forced = { status: mode.status, count: mode.count ?? 1 };
          hangAll = mode.hang === true;
          send(res, 200, {});
        });
        return true;
      }
      if (url.pathname === "/2/httpapi") {
        if (req.method === "OPTIONS") {
          res.writeHead(204, {
            "access-control-allow-origin": "*",
            "access-control-allow-headers": "content-type",
          });
          res.end();
        } else if (req.method === "POST") ingest(req, res);
        else send(res, 404, { error: "Not found" });
        return true;
      }
      if (url.pathname.startsWith("/config")) {
        send(res, 200, url.pathname === "/config" ? { configs: {} } : {});
        return true;
      }
      return false;
    },
  };
}

export type FakeAmplitude = AmplitudeRoute & { origin: string; close(): Promise<void> };

export async function startFakeAmplitude(): Promise<FakeAmplitude> {
  const route = createAmplitudeRoute();
  const server = http.createServer((req, res) => {
    if (!route.route(req, res)) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...route,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        route.destroyHanging();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
