// A loopback fake of the product API's GET /service-status, whose answer tests switch between states.
import type http from "node:http";

export type FakeStatusAnswer =
  | { kind: "status"; status: string }
  /** 200 with a body that has no usable status: the indicator must not guess. */
  | { kind: "malformed" }
  | { kind: "error" };

/**
 * Handles /api/service-status and POST /__fake/service-status on a fake server; returns true when it
 * answered. Mounted on the fake Greenhouse server so browser tests run one fake process.
 */
export function createServiceStatusRoute(
  initial: FakeStatusAnswer = { kind: "status", status: "operational" },
) {
  let answer = initial;
  const route = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const url = new URL(req.url ?? "/", "http://fake");
    const cors = {
      "access-control-allow-origin": "*",
      "content-type": "application/json; charset=utf-8",
    };
    if (url.pathname === "/__fake/service-status" && req.method === "POST") {
      let raw = "";
      req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      req.on("end", () => {
        answer = JSON.parse(raw) as FakeStatusAnswer;
        res.writeHead(200, cors).end('{"ok":true}');
      });
      return true;
    }
    if (url.pathname !== "/api/service-status") return false;
    if (req.method === "OPTIONS") {
      res.writeHead(204, { ...cors, "access-control-allow-headers": "accept" }).end();
    } else if (answer.kind === "error") {
      res.writeHead(500, cors).end('{"error":"internal"}');
    } else if (answer.kind === "malformed") {
      res.writeHead(200, cors).end('{"data":{}}');
    } else {
      res.writeHead(200, cors).end(JSON.stringify({ data: { status: answer.status } }));
    }
    return true;
  };
  return { route, set: (next: FakeStatusAnswer) => (answer = next) };
}
