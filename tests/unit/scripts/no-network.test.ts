// Checks that the unit-test setup refuses connections beyond loopback and allows loopback ones.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";

describe("unit test network guard", () => {
  it("refuses a request to another host", async () => {
    const error: unknown = await fetch("http://example.com/").then(
      () => null,
      (e: unknown) => e,
    );
    const cause = (error as { cause?: unknown } | null)?.cause;
    expect(String(cause)).toMatch(/may not reach the network/);
  });

  it("allows a request to a server on 127.0.0.1", async () => {
    const server = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(await res.text()).toBe("ok");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
