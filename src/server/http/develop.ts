// Mounts the function table into `gatsby develop`, so the browser reaches the same handlers there.
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createFunctionsApp, type Logger } from "./app";
import { readServerEnv } from "../env";
import {
  findFunction,
  findFunctionByHeader,
  functions as defaultFunctions,
  type FunctionRoute,
} from "../functions";

export type NextFunction = (error?: unknown) => void;
export type DevelopMiddleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: NextFunction,
) => void;

/** The one method of Gatsby's Express app we use; structural, so Express's types are not needed. */
export type DevelopApp = { use(middleware: DevelopMiddleware): unknown };

export type MountOptions = {
  functions?: readonly FunctionRoute[];
  logger?: Logger;
};

/**
 * Registers a single middleware rather than one route per path: Express's `use(path)` strips the
 * mount path from req.url, which would hide the real path from the handlers.
 */
export function mountFunctions(app: DevelopApp, options: MountOptions = {}): void {
  const table = options.functions ?? defaultFunctions;
  const functionsApp = createFunctionsApp({
    functions: table,
    platform: () => ({ country: readServerEnv().geoCountry }),
    trustProxy: () => {
      const env = readServerEnv();
      return { trust: env.trustProxy, header: env.trustProxyHeader };
    },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  // Leaves Gatsby's global Request/Response alone: the develop process is not ours to change.
  const listener = getRequestListener(functionsApp.fetch, { overrideGlobalObjects: false });

  app.use((request, response, next) => {
    const pathname = (request.url ?? "/").split("?")[0] ?? "/";
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    // Paths with a parameter (/fp/events/<id>) and header-routed calls (the visits path) too.
    if (!findFunction(pathname, table) && !findFunctionByHeader(pathname, headers, table)) {
      next();
      return;
    }
    listener(request, response).catch(next);
  });
}
