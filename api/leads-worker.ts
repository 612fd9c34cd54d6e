// Vercel cron entry point (vercel.json "crons"): runs the lead delivery worker; the logic lives in src/server/leadWorker.ts.
import { leadsWorkerHandler } from "../src/server/leads/workerRunner";

export const GET = (request: Request): Promise<Response> => leadsWorkerHandler(request);
