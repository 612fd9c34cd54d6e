// Netlify scheduled function: calls the build hook when the next scheduled entry falls due; the logic lives in src/server/schedule/.
import { runBuildTrigger } from "../src/server/schedule/runner";

export default async (): Promise<Response> => {
  const outcome = await runBuildTrigger();
  console.log(`build trigger: ${JSON.stringify(outcome)}`);
  return new Response(null, { status: 204 });
};

// Netlify reads this statically at deploy time: a schedule and no path (scheduled functions have none).
export const config = { schedule: "* * * * *" };
