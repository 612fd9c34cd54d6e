// Vercel cron entry point (vercel.json "crons"): runs the lead delivery worker; the logic lives in src/server/leads/workerRunner.ts.
import { leadsWorkerHandler } from "../src/server/leads/workerRunner";

export const GET = (request: Request): Promise<Response> => leadsWorkerHandler(request);
