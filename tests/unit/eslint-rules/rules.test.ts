// The project's own ESLint rules (eslint-rules/), each with code it accepts and code it reports, parsed as
// the repository's TypeScript and JSX are.
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, it } from "vitest";
import local from "../../../eslint-rules/index.mjs";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run("theme-from-module", local.rules["theme-from-module"], {
  valid: [
    'import { theme } from "../styles/theme";\nconst A = styled.div`\n  color: ${theme.colors.ink};\n  gap: ${({ $gap }) => theme.space[$gap]};\n`;',
    "const pick = ({ themeName }) => themeName;",
  ],
  invalid: [
    {
      code: "const A = styled.div`\n  color: ${({ theme }) => theme.colors.ink};\n`;",
      errors: [{ messageId: "fromProps", line: 2 }],
    },
    {
      code: "const B = styled.p`\n  gap: ${({ $gap, theme }) => theme.space[$gap]};\n`;",
      errors: [{ messageId: "fromProps" }],
    },
  ],
});

tester.run("named-chunks", local.rules["named-chunks"], {
  valid: [
    'const load = () => import(/* webpackChunkName: "phone-menu-panel" */ "./PhoneMenuPanel");',
    'type Module = typeof import("./PhoneMenuPanel");',
    "const load = (url) => import(/* webpackIgnore: true */ url);",
  ],
  invalid: [
    { code: 'const load = () => import("./PhoneMenuPanel");', errors: [{ messageId: "unnamed" }] },
    {
      code: 'const load = () => import(/* webpackChunkName: "Phone_Menu" */ "./PhoneMenuPanel");',
      errors: [{ messageId: "unnamed" }],
    },
    {
      code: 'const load = () => import(/* webpackPrefetch: true */ "./PhoneMenuPanel");',
      errors: [{ messageId: "unnamed" }],
    },
    {
      code: "const load = (url) => import(/* webpackIgnore: false */ url);",
      errors: [{ messageId: "unnamed" }],
    },
  ],
});
