// Netlify background function (the -background suffix: answered 202 at once, then up to 15 minutes): drains the lead
// store after a form post left a lead unsent, with the drain token; the logic lives in src/server/leads/workerRunner.ts.
import { netlifyBackgroundDrain } from "../src/server/leads/workerRunner";

export default async (request: Request): Promise<void> => {
  await netlifyBackgroundDrain(request);
};
