// Netlify scheduled function: runs the lead delivery worker every minute; the logic lives in src/server/leads/workerRunner.ts.
import { runDeliveryWorker } from "../src/server/leads/workerRunner";

export default async (): Promise<Response> => {
  const run = await runDeliveryWorker();
  console.log(`leads worker: ${JSON.stringify(run)}`);
  return new Response(null, { status: 204 });
};

// Netlify reads this statically at deploy time: a schedule and no path (scheduled functions have none).
export const config = { schedule: "* * * * *" };
