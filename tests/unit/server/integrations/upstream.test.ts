// fetchUpstream against a real loopback server: answers of any status, redirects refused, deadlines, a
// caller's abort, resets, a refused port, answers over the size cap, and the 502/504 mapping.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  describeFailure,
  fetchUpstream,
  notJson,
  upstreamFailureResponse,
  type UpstreamFailure,
  type UpstreamOutcome,
} from "../../../../src/server/integrations/upstream";
import { startRedirectTrap } from "../support/redirectTrap";

let server: http.Server;
let origin = "";
/** Bytes the endless answer (/endless) pushed out before its reader hung up. */
let endlessWritten = 0;

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
      case "/reset":
        request.socket.destroy(); // no answer at all: the connection is cut
        return;
      case "/stall-body":
        response.writeHead(200, { "content-type": "application/json" });
        response.write('{"partial": ');
        return; // headers and half a body, then nothing
      case "/reset-body":
        response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
        response.write('{"partial": ');
        setTimeout(() => request.socket.destroy(), 20);
        return;
      case "/endless": {
        // 50 MB as fast as the reader takes it, with no Content-Length.
        response.writeHead(200, { "content-type": "application/json" });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        endlessWritten = 0;
        const pump = () => {
          while (endlessWritten < 50e6 && !response.destroyed) {
            endlessWritten += chunk.length;
            if (!response.write(chunk)) return void response.once("drain", pump);
          }
          response.end();
        };
        pump();
        return;
      }
      case "/declared-large":
        response.writeHead(200, { "content-type": "application/json", "content-length": "9000000" });
        response.write("{");
        return;
      case "/teapot":
        response.writeHead(418, { "retry-after": "7" });
        response.end("short and stout");
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

function failureOf<T>(outcome: UpstreamOutcome<T>): UpstreamFailure {
  if (outcome.kind === "answer") throw new Error(`answered ${outcome.response.status}`);
  return outcome;
}

function answerOf<T>(outcome: UpstreamOutcome<T>): { response: Response; value: T } {
  if (outcome.kind !== "answer") throw new Error(`failed: ${describeFailure(outcome)}`);
  return outcome;
}

const json = (response: Response) => response.json().catch(notJson) as Promise<unknown>;
const call = { service: "Test", timeoutMs: 2_000, maxBytes: 64 * 1024 };

describe("fetchUpstream", () => {
  it("passes any HTTP status through as an answer, with its headers and body", async () => {
    const teapot = answerOf(await fetchUpstream(`${origin}/teapot`, call));
    expect(teapot.response.status).toBe(418);
    expect(teapot.response.headers.get("retry-after")).toBe("7");
    expect(await teapot.response.text()).toBe("short and stout");
    expect(answerOf(await fetchUpstream(`${origin}/nope`, call)).response.status).toBe(503);
  });

  it.each([301, 302, 303, 307, 308])(
    "refuses a %i: the Location is never called, the key and the body never leave",
    async (status) => {
      const trap = await startRedirectTrap(() => ({ status: 200, json: { code: 200 } }), status);
      try {
        const failure = failureOf(
          await fetchUpstream(`${trap.origin}/2/httpapi`, {
            ...call,
            method: "POST",
            headers: { authorization: "Bearer secret-key", "content-type": "application/json" },
            body: JSON.stringify({ api_key: "secret-key" }),
            read: json,
          }),
        );
        expect(failure.kind).toBe("redirected");
        expect(describeFailure(failure)).toMatch(
          new RegExp(
            `^Test answered with a redirect, which is not followed \\(HTTP ${status} to http://127\\.0\\.0\\.1:\\d+\\)$`,
          ),
        );
        expect(trap.reached).toEqual([]);
        // The browser's answer says neither where nor what.
        const answer = upstreamFailureResponse(failure, {
          timeout: "Late.",
          unreachable: "It could not be reached.",
        });
        expect(answer.status).toBe(502);
        expect(await answer.json()).toEqual({
          error: { code: "upstream_redirected", message: "It could not be reached." },
        });
      } finally {
        await trap.close();
      }
    },
  );

  it("returns what read makes of the answer; a body that is not JSON reads as null", async () => {
    expect(answerOf(await fetchUpstream(`${origin}/ok`, { ...call, read: json })).value).toEqual({
      code: 200,
    });
    expect(
      answerOf(await fetchUpstream(`${origin}/text`, { ...call, read: json })).value,
    ).toBeNull();
  });

  it("calls a silent upstream a timeout, within the deadline", async () => {
    const started = performance.now();
    const failure = failureOf(
      await fetchUpstream(`${origin}/silent`, { ...call, timeoutMs: 150 }),
    );
    expect(failure.kind).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(describeFailure(failure)).toMatch(/^Test timed out/);
  });

  it("calls a body that stops arriving a timeout too, whatever name the runtime gives the error", async () => {
    const failure = failureOf(
      await fetchUpstream(`${origin}/stall-body`, {
        ...call,
        timeoutMs: 300,
        read: (r) => r.text(),
      }),
    );
    expect(failure.kind).toBe("timeout");
  });

  it("leaves a body read after the call to the caller: the answer stands", async () => {
    const outcome = await fetchUpstream(`${origin}/stall-body`, { ...call, timeoutMs: 300 });
    const { response } = answerOf(outcome);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it("tells the caller's own abort from a timeout", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const failure = failureOf(
      await fetchUpstream(`${origin}/silent`, { ...call, signal: controller.signal }),
    );
    expect(failure.kind).toBe("aborted");
    const already = new AbortController();
    already.abort();
    expect(
      failureOf(await fetchUpstream(`${origin}/ok`, { ...call, signal: already.signal })).kind,
    ).toBe("aborted");
  });

  it("calls a connection reset before any answer unreachable", async () => {
    const failure = failureOf(await fetchUpstream(`${origin}/reset`, call));
    expect(failure.kind).toBe("unreachable");
    expect(failure.detail).toMatch(/TypeError/);
  });

  it("calls a reset in the middle of the body unreachable", async () => {
    const failure = failureOf(
      await fetchUpstream(`${origin}/reset-body`, { ...call, read: (r) => r.text() }),
    );
    expect(failure.kind).toBe("unreachable");
  });

  it("calls a refused port unreachable", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = failureOf(await fetchUpstream(`http://127.0.0.1:${port}/`, call));
    expect(failure.kind).toBe("unreachable");
  });

  it("calls a TimeoutError a timeout and a stray AbortError unreachable, from any fetch", async () => {
    const throwing = (error: Error) => async () => Promise.reject(error);
    const timedOut = new DOMException("The operation timed out.", "TimeoutError");
    const aborted = new DOMException("This operation was aborted", "AbortError");
    expect(
      failureOf(await fetchUpstream("http://x.test/", { ...call, fetch: throwing(timedOut) })).kind,
    ).toBe("timeout");
    expect(
      failureOf(await fetchUpstream("http://x.test/", { ...call, fetch: throwing(aborted) })).kind,
    ).toBe("unreachable");
    expect(
      failureOf(
        await fetchUpstream("http://x.test/", {
          ...call,
          fetch: throwing(new TypeError("fetch failed", { cause: new Error("ECONNRESET") })),
        }),
      ).kind,
    ).toBe("unreachable");
  });

  it("reads an answer only up to its cap, then drops the connection: oversized, not 50 MB in memory", async () => {
    const failure = failureOf(await fetchUpstream(`${origin}/endless`, { ...call, read: json }));
    expect(failure.kind).toBe("oversized");
    expect(describeFailure(failure)).toBe(
      "Test answered more than the call reads (UpstreamBodyTooLarge: the answer is larger than 65536 bytes)",
    );
    // What the sender could push before it noticed: socket buffers, far from the 50 MB it meant to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(endlessWritten).toBeLessThan(16e6);
    // A declared length over the cap is refused before a byte of the body is read.
    expect(
      failureOf(await fetchUpstream(`${origin}/declared-large`, { ...call, read: json })).kind,
    ).toBe("oversized");
  });

  it("caps a body read after the call too, leaving the status to go by", async () => {
    const { response } = answerOf(await fetchUpstream(`${origin}/endless`, call));
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toMatchObject({ name: "UpstreamBodyTooLarge" });
  });

  it("passes the reader's own errors through untouched", async () => {
    class Refused extends Error {}
    await expect(
      fetchUpstream(`${origin}/nope`, {
        ...call,
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
  it("escapes and cuts the detail it logs: a service's words cannot write a line of their own", () => {
    const line = describeFailure({
      kind: "unreachable",
      service: "Test",
      detail: `Error: bad\r\n2026-12-06 admin logged in\u001b[2J${"x".repeat(500)}`,
    });
    for (const control of ["\r", "\n", "\u001b"]) expect(line).not.toContain(control);
    expect(line).toContain("bad\\r\\n2026-12-06 admin logged in\\x1b[2J");
    expect(line.length).toBeLessThan(260);
  });

  const failure = (kind: UpstreamFailure["kind"]): UpstreamFailure => ({
    kind,
    service: "Test",
    detail: "x",
  });

  it("maps a timeout to 504 and every other failure to 502, never cached", async () => {
    const timeout = upstreamFailureResponse(failure("timeout"), words);
    expect(timeout.status).toBe(504);
    expect(await timeout.json()).toEqual({
      error: { code: "upstream_timeout", message: words.timeout },
    });
    expect(timeout.headers.get("cache-control")).toBe("no-store");
    for (const kind of ["unreachable", "aborted"] as const) {
      const answer = upstreamFailureResponse(failure(kind), words);
      expect(answer.status).toBe(502);
      expect(await answer.json()).toEqual({
        error: { code: "upstream_unavailable", message: words.unreachable },
      });
    }
  });
});
