// Code that runs on a host is checked under Node's own module rules (api/tsconfig.json, what Vercel compiles
// the functions with): these tests show the check refuses an import Node would refuse at run time.
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../../..");
const probeFile = path.join(root, "src", "server", "__host_probe__.ts");

/** Type-checks one probe module (and what it imports) with the functions' compiler options. */
function diagnosticsFor(probe: string, options: { packageType?: "module" } = {}): string[] {
  const configPath = path.join(root, "api", "tsconfig.json");
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("api/tsconfig.json could not be read");
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    if (file === probeFile) return probe;
    const text = readFile(file);
    // The same code in a package marked "type": "module": what Node would run as ESM.
    if (options.packageType && text && file === path.join(root, "package.json")) {
      return JSON.stringify({ ...JSON.parse(text), type: options.packageType });
    }
    return text;
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === probeFile || fileExists(file);
  const program = ts.createProgram({ rootNames: [probeFile], options: parsed.options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === probeFile)
    .map((diagnostic) => `TS${diagnostic.code}`);
}

describe("host code under Node's module rules", { timeout: 120_000 }, () => {
  it("accepts the functions' static imports: the package has no type, so they are CommonJS", () => {
    expect(diagnosticsFor('export { readLeadsEnv } from "./env";\n')).toEqual([]);
  });

  it("refuses an extensionless dynamic import, which Node resolves as ESM at run time", () => {
    expect(diagnosticsFor('export const load = () => import("./env");\n')).toContain("TS2835");
  });

  it("refuses extensionless imports once the package runs as ESM (today's Vercel failure)", () => {
    expect(
      diagnosticsFor('export { readLeadsEnv } from "./env";\n', { packageType: "module" }),
    ).toContain("TS2835");
  });
});
