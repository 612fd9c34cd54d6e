// How every Playwright run here starts Debian's Chromium: offline, no sandbox (root), nothing in the background.
import { CHROMIUM_BASE_ARGS } from "../../../scripts/lib/chromiumargs.mjs";

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    ...CHROMIUM_BASE_ARGS,
    // Belt and braces beside the request blocking in tests/e2e/fixtures.ts: no name but
    // loopback resolves, so not even a DNS lookup or preconnect leaves the machine.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
  ],
};
