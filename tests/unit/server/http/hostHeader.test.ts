// @vitest-environment node
// RFC 9112 §3.2 on the real local server over loopback: a request with two Host lines is answered 400
// (and the connection closed) before any route or file answers it; one Host line is served as ever.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../../../src/server/main";
import { hostLines } from "../../../../src/server/http/hostHeader";
import { createPublicFixture, type PublicFixture } from "../support/public-fixture";

let fixture: PublicFixture;
let server: RunningServer;

beforeAll(async () => {
  fixture = await createPublicFixture();
  server = await startServer({
    publicDir: fixture.publicDir,
    port: 0,
    host: "127.0.0.1",
    logger: () => undefined,
  });
});

afterAll(async () => {
  await server?.close();
  await fixture?.cleanup();
});

/** Sends the request head exactly as written and reads until the server closes the connection. */
function exchange(lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () =>
      socket.write(`${[...lines, "Connection: close"].join("\r\n")}\r\n\r\n`),
    );
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

describe("Host", () => {
  it.each([
    ["a page", "GET / HTTP/1.1"],
    ["a function", "GET /api/get-country HTTP/1.1"],
  ])("two Host lines for %s: 400, never the answer", async (_, requestLine) => {
    const answer = await exchange([requestLine, "Host: 127.0.0.1", "host: evil.example"]);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(answer).not.toContain(fixture.files["index.html"] ?? "<unreachable>");
    expect(answer).not.toMatch(/"country"/);
  });

  it("one Host line is served as ever", async () => {
    const answer = await exchange(["GET / HTTP/1.1", "Host: 127.0.0.1"]);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain(fixture.files["index.html"]);
  });

  it("counts Host lines in any case, and nothing else", () => {
    expect(hostLines(["Host", "a", "HOST", "b", "x-host", "c"])).toBe(2);
    expect(hostLines(["host", "a", "accept", "host"])).toBe(1);
  });
});
