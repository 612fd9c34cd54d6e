// Netlify scheduled function: a drain of the lead store every minute, handing a longer one to the background drain; the logic lives in src/server/leads/workerRunner.ts.
import { netlifyScheduledDrain } from "../src/server/leads/workerRunner";

export default async (
  _request?: Request,
  context?: { site?: { url?: string } },
): Promise<Response> => {
  await netlifyScheduledDrain(context?.site?.url);
  return new Response(null, { status: 204 });
};

// Netlify reads this statically at deploy time: a schedule and no path (scheduled functions have none).
export const config = { schedule: "* * * * *" };
