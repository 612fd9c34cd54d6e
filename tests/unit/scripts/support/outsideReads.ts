// Finds the paths a file names that lead outside the repository (a sibling checkout, another machine's folder).
import path from "node:path";
import ts from "typescript";

/** Folders no file of the project may name: other checkouts on a developer's or CI's machine. */
const FOREIGN = [/(^|[^\w.])\.\.\/shared\b/, /(^|["'`\s=])\/work\//, /(^|["'`\s=])\/home\//];

function leaves(root: string, resolved: string): boolean {
  const relative = path.relative(root, resolved);
  return relative.startsWith("..") || path.isAbsolute(relative);
}

function climbs(text: string): boolean {
  return text === ".." || text.startsWith("../") || text.includes("/../") || text.endsWith("/..");
}

/** `__dirname`, `import.meta.dirname`, `import.meta.url` or a call on them: a path based on the file's folder. */
function isFileBase(node: ts.Node): boolean {
  if (ts.isIdentifier(node)) return node.text === "__dirname" || node.text === "__filename";
  if (ts.isPropertyAccessExpression(node) && ts.isMetaProperty(node.expression)) return true;
  if (ts.isCallExpression(node)) return node.arguments.some(isFileBase);
  return false;
}

function isModuleSpecifier(node: ts.StringLiteralLike): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
  if (ts.isExternalModuleReference(parent) || ts.isLiteralTypeNode(parent)) return true;
  if (!ts.isCallExpression(parent) || parent.arguments[0] !== node) return false;
  const callee = parent.expression;
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
  if (ts.isIdentifier(callee)) return /^require/i.test(callee.text);
  // vi.mock("../x"), vi.importActual("../x"), require.resolve("../x")
  return (
    ts.isPropertyAccessExpression(callee) &&
    /^(mock|doMock|importActual|resolve)$/.test(callee.name.text)
  );
}

/** Calls whose string arguments are file paths: path building and the file system's readers. */
const PATH_CALLS =
  /^(resolve|join|URL|readFileSync|readFile|existsSync|createReadStream|readdirSync|readdir|statSync|stat|openSync|open|copyFileSync|cpSync)$/;

function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  return ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (file.endsWith(".jsx")) return ts.ScriptKind.JSX;
  return /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

function codeFindings(file: string, source: string, root: string): string[] {
  const fileDir = path.join(root, path.dirname(file));
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, scriptKind(file));
  const found = new Set<string>();
  const flag = (text: string) => found.add(`"${text}" leaves the repository`);

  const visit = (node: ts.Node): void => {
    if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      for (const part of parts) if (FOREIGN.some((re) => re.test(part))) flag(part);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const text = node.text;
      if (FOREIGN.some((re) => re.test(text))) flag(text);
      else if (isModuleSpecifier(node)) {
        if (text.startsWith(".") && leaves(root, path.resolve(fileDir, text))) flag(text);
      } else if (
        climbs(text) &&
        (ts.isCallExpression(node.parent) || ts.isNewExpression(node.parent)) &&
        PATH_CALLS.test(calleeName(node.parent))
      ) {
        const args = node.parent.arguments ?? [];
        const fromFile = args.some(isFileBase);
        const literals = args.flatMap((arg) => (ts.isStringLiteralLike(arg) ? [arg.text] : []));
        const pieces = literals.length > 0 ? literals : [text];
        const resolved = path.resolve(fromFile ? fileDir : root, ...pieces);
        if (leaves(root, resolved)) flag(text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return [...found];
}

function textFindings(file: string, source: string, root: string): string[] {
  const base = path.join(root, path.dirname(file));
  const found = new Set<string>();
  for (const match of source.matchAll(/(?:\.\.\/)+[\w./-]*|\/(?:work|home)\/[\w./-]*/g)) {
    const text = match[0];
    if (FOREIGN.some((re) => re.test(` ${text}`)) || leaves(root, path.resolve(base, text)))
      found.add(`"${text}" leaves the repository`);
  }
  return [...found];
}

/**
 * What `file` (its path relative to `root`) names outside `root`. Module specifiers resolve from the file's
 * folder, paths built on `__dirname`/`import.meta` too, any other relative path from the root, where both test
 * runners and every script start.
 */
export function outsideReads(
  file: string,
  source: string,
  root: string,
  kind: "code" | "text",
): string[] {
  return kind === "code" ? codeFindings(file, source, root) : textFindings(file, source, root);
}
