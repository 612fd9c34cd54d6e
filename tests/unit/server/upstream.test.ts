// fetchUpstream against a real loopback server: deadlines, a caller's abort, resets, and the 502/504 mapping.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fetchUpstream,
  notJson,
  UpstreamFailure,
  upstreamFailureResponse,
} from "../../../src/server/upstream";

let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((request, response) => {
    switch (request.url) {
      case "/ok":
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ code: 200 }));
        return;
      case "/text":
        response.writeHead(200, { "content-type": "text/plain" });
        response.end("not json");
        return;
      case "/silent":
        return; // never answers
      case "/stall-body":
        response.writeHead(200, { "content-type": "application/json" });
        response.write('{"partial": ');
        return; // headers and half a body, then nothing
      case "/reset-body":
        response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
        response.write('{"partial": ');
        setTimeout(() => request.socket.destroy(), 20);
        return;
      default:
        response.writeHead(503);
        response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failureOf(promise: Promise<unknown>): Promise<UpstreamFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamFailure) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

const json = (response: Response) => response.json().catch(notJson);

describe("fetchUpstream", () => {
  it("returns what read makes of the answer, and the Response without read", async () => {
    expect(
      await fetchUpstream(`${origin}/ok`, { service: "Test", timeoutMs: 2_000, read: json }),
    ).toEqual({ code: 200 });
    const response = await fetchUpstream(`${origin}/nope`, { service: "Test", timeoutMs: 2_000 });
    expect(response.status).toBe(503);
    expect(
      await fetchUpstream(`${origin}/text`, { service: "Test", timeoutMs: 2_000, read: json }),
    ).toBeNull();
  });

  it("calls a silent upstream a timeout", async () => {
    const failure = await failureOf(
      fetchUpstream(`${origin}/silent`, { service: "Test", timeoutMs: 150 }),
    );
    expect(failure.kind).toBe("timeout");
    expect(failure.message).toContain("Test: timeout");
  });

  it("calls a body that stops arriving a timeout too, whatever name the runtime gives the error", async () => {
    const failure = await failureOf(
      fetchUpstream(`${origin}/stall-body`, {
        service: "Test",
        timeoutMs: 300,
        read: (r) => r.text(),
      }),
    );
    expect(failure.kind).toBe("timeout");
  });

  it("tells the caller's own abort from a timeout", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const failure = await failureOf(
      fetchUpstream(`${origin}/silent`, {
        service: "Test",
        timeoutMs: 5_000,
        signal: controller.signal,
      }),
    );
    expect(failure.kind).toBe("aborted");
  });

  it("calls a refused connection and a reset mid-body unreachable", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await failureOf(
      fetchUpstream(`http://127.0.0.1:${port}/`, { service: "Test", timeoutMs: 2_000 }),
    );
    expect(refused.kind).toBe("unreachable");
    const reset = await failureOf(
      fetchUpstream(`${origin}/reset-body`, {
        service: "Test",
        timeoutMs: 2_000,
        read: (r) => r.text(),
      }),
    );
    expect(reset.kind).toBe("unreachable");
  });

  it("passes the reader's own errors through untouched", async () => {
    class Refused extends Error {}
    await expect(
      fetchUpstream(`${origin}/nope`, {
        service: "Test",
        timeoutMs: 2_000,
        read: async (response) => {
          await response.body?.cancel();
          throw new Refused(`status ${response.status}`);
        },
      }),
    ).rejects.toBeInstanceOf(Refused);
  });
});

describe("upstreamFailureResponse", () => {
  const words = { timeout: "It did not answer in time.", unreachable: "It could not be reached." };

  it("maps a timeout to 504 and every other failure to 502, never cached", async () => {
    const timeout = upstreamFailureResponse(new UpstreamFailure("timeout", "Test", "late"), words);
    expect(timeout.status).toBe(504);
    expect(await timeout.json()).toEqual({
      error: { code: "upstream_timeout", message: words.timeout },
    });
    expect(timeout.headers.get("cache-control")).toBe("no-store");
    for (const kind of ["unreachable", "aborted"] as const) {
      const answer = upstreamFailureResponse(new UpstreamFailure(kind, "Test", "x"), words);
      expect(answer.status).toBe(502);
      expect(await answer.json()).toEqual({
        error: { code: "upstream_unavailable", message: words.unreachable },
      });
    }
  });
});
