// ESLint flat config: TypeScript, React and hooks rules, with node or browser globals by folder, and the
// project's architecture rules (eslint-rules/, tested in tests/unit/eslint-rules/).
import fs from "node:fs";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import local from "./eslint-rules/index.mjs";

/** Code that runs in Node: scripts, configs, the server and its platform adapters, tests. */
const NODE_FILES = [
  "scripts/**",
  "eslint-rules/**",
  "*.config.{js,mjs,cjs,ts}",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "src/gatsby/**",
  "src/server/**",
  "api/**",
  "functions/**",
  "tests/**",
];

/** Code that runs in the browser (and is server-rendered by Gatsby). */
const BROWSER_FILES = ["src/**", "gatsby-browser.tsx", "gatsby-ssr.tsx", "tests/unit/**"];

/**
 * Gatsby compiles JSX with the classic runtime (React.createElement) unless gatsby-config.ts sets
 * `jsxRuntime: "automatic"`; with classic, `import * as React` is needed and is not unused.
 */
const automaticJsx = /jsxRuntime\s*:\s*["']automatic["']/.test(
  fs.readFileSync(new URL("./gatsby-config.ts", import.meta.url), "utf8"),
);

/** React code: components and hooks, and the component tests. */
const REACT_FILES = ["src/**/*.{ts,tsx}", "**/*.{jsx,tsx}", "gatsby-browser.tsx", "gatsby-ssr.tsx"];

export default defineConfig([
  globalIgnores([
    "public/",
    ".cache/",
    "node_modules/",
    "src/gatsby-types.d.ts",
    "test-results/",
    "playwright-report/",
    "tests/artifacts/",
    ".outbox/",
    "coverage/",
    // Build output for the Vercel rehearsal, and the hosts' CLIs and their work folders.
    ".vercel/",
    ".netlify/",
    ".host-tools/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: REACT_FILES,
    ...react.configs.flat.recommended,
    settings: { react: { version: "detect" } },
  },
  ...(automaticJsx ? [{ files: REACT_FILES, ...react.configs.flat["jsx-runtime"] }] : []),
  // Not on tests/e2e: Playwright fixtures call a parameter named `use`, which the hooks rules take
  // for React's use().
  { files: REACT_FILES, ...reactHooks.configs["recommended-latest"] },
  { files: BROWSER_FILES, languageOptions: { globals: { ...globals.browser } } },
  { files: NODE_FILES, languageOptions: { globals: { ...globals.node } } },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      // TypeScript checks props; propTypes would only duplicate the types.
      "react/prop-types": "off",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { local },
    rules: { "local/theme-from-module": "error" },
  },
  {
    // Code bundled for the browser: build-time, server and CMS admin code never is. The browser entry's
    // imports are "eager": they make no chunk to name, only decide when modules already in the bundle run.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/gatsby/**", "src/server/**", "src/cms/**", "src/runtime/browserEntry.ts"],
    plugins: { local },
    rules: { "local/named-chunks": "error" },
  },
  {
    // A file over 300 lines is split along data, state and view (the generated types are ignored above).
    files: ["src/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs,js}"],
    rules: { "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }] },
  },
]);
