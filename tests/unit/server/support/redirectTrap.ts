// An upstream that answers every request with a redirect to a listener of ours on loopback, and that
// listener, ready to answer as the real service would (a fresh event, an accepted submission): a call
// that followed the redirect would reach it, hand over its key or body, and believe the answer.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type TrappedRequest = {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export type RedirectTrap = {
  /** The redirecting upstream's origin: configure it as the service's base URL. */
  origin: string;
  /** Everything that reached the listener: it must stay empty. */
  reached: TrappedRequest[];
  close(): Promise<void>;
};

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * `answer` is what the listener would say (status and JSON); `status` is the redirect (307 keeps the
 * method and body, the most a redirect can take along).
 */
export async function startRedirectTrap(
  answer: (request: TrappedRequest) => { status: number; json: unknown },
  status = 307,
): Promise<RedirectTrap> {
  const reached: TrappedRequest[] = [];
  const listener = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const trapped = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body,
      };
      reached.push(trapped);
      const { status: code, json } = answer(trapped);
      response.writeHead(code, { "content-type": "application/json" });
      response.end(JSON.stringify(json));
    });
  });
  const listenerOrigin = await listen(listener);
  const redirector = http.createServer((request, response) => {
    request.resume();
    response.writeHead(status, { location: `${listenerOrigin}${request.url ?? "/"}` });
    response.end();
  });
  const origin = await listen(redirector);
  const close = (server: http.Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    origin,
    reached,
    close: async () => {
      await Promise.all([close(listener), close(redirector)]);
    },
  };
}
