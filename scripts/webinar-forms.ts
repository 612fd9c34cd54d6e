// `npx tsx scripts/webinar-forms.ts [--check]`: regenerates the webinar form allowlist module.
import { promises as fs } from "node:fs";
import path from "node:path";
import {
  WEBINAR_FORMS_MODULE,
  readWebinarFormIds,
  renderWebinarFormsModule,
} from "../src/gatsby/webinarForms";

async function main(): Promise<void> {
  const root = path.resolve(import.meta.dirname, "..");
  const ids = await readWebinarFormIds(path.join(root, "content", "webinars"));
  if (process.argv.includes("--check")) {
    // Compares the ids, not the text, so a formatter's line breaks never count as stale.
    const { webinarFormIds } = await import("../src/server/leads/webinarFormIds");
    if (JSON.stringify([...webinarFormIds].sort()) !== JSON.stringify(ids)) {
      console.error(
        `${WEBINAR_FORMS_MODULE} is out of date: run npx tsx scripts/webinar-forms.ts`,
      );
      process.exit(1);
    }
    console.log(`${WEBINAR_FORMS_MODULE} matches content/webinars`);
    return;
  }
  await fs.writeFile(path.join(root, WEBINAR_FORMS_MODULE), renderWebinarFormsModule(ids));
  console.log(`wrote ${WEBINAR_FORMS_MODULE}`);
}

main().catch((error: unknown) => {
  console.error(`webinar forms: ${(error as Error).message}`);
  process.exit(1);
});
