/** A tiny, dependency-free tokenizer for the short code samples on marketing pages (not a full highlighter). */

export type TokenKind = "keyword" | "string" | "comment" | "number" | "plain";
export interface Token {
  kind: TokenKind;
  text: string;
}

const keywords: Record<string, string[]> = {
  javascript: [
    "import",
    "from",
    "export",
    "const",
    "let",
    "var",
    "await",
    "async",
    "function",
    "return",
    "if",
    "else",
    "new",
    "true",
    "false",
    "null",
    "undefined",
  ],
  typescript: [
    "import",
    "from",
    "export",
    "const",
    "let",
    "await",
    "async",
    "function",
    "return",
    "if",
    "else",
    "new",
    "true",
    "false",
    "null",
    "type",
    "interface",
  ],
  kotlin: [
    "val",
    "var",
    "fun",
    "import",
    "class",
    "object",
    "return",
    "if",
    "else",
    "true",
    "false",
    "null",
  ],
  swift: [
    "let",
    "var",
    "func",
    "import",
    "class",
    "return",
    "if",
    "else",
    "true",
    "false",
    "nil",
    "try",
    "await",
  ],
  python: [
    "import",
    "from",
    "def",
    "return",
    "if",
    "else",
    "True",
    "False",
    "None",
    "await",
    "async",
  ],
  bash: ["npm", "npx", "curl", "export", "yarn", "pnpm"],
  json: ["true", "false", "null"],
};

const commentStart: Record<string, RegExp> = {
  bash: /#[^\n]*/y,
  python: /#[^\n]*/y,
};

/** Splits code into tokens; concatenating the token texts gives back the input exactly. */
export function tokenize(code: string, language: string): Token[] {
  const words = new Set(keywords[language] ?? []);
  const comment = commentStart[language] ?? /\/\/[^\n]*|\/\*[\s\S]*?\*\//y;
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    const last = tokens[tokens.length - 1];
    if (last && last.kind === kind && kind === "plain") last.text += text;
    else tokens.push({ kind, text });
  };
  let i = 0;
  while (i < code.length) {
    comment.lastIndex = i;
    const commentMatch = comment.exec(code);
    if (commentMatch && commentMatch.index === i && commentMatch[0].length > 0) {
      push("comment", commentMatch[0]);
      i += commentMatch[0].length;
      continue;
    }
    const char = code.charAt(i);
    if (char === '"' || char === "'" || char === "`") {
      let end = i + 1;
      while (end < code.length && code.charAt(end) !== char)
        end += code.charAt(end) === "\\" ? 2 : 1;
      push("string", code.slice(i, Math.min(end + 1, code.length)));
      i = Math.min(end + 1, code.length);
      continue;
    }
    const word = /[A-Za-z_$][\w$]*|\d+(?:\.\d+)?/y;
    word.lastIndex = i;
    const wordMatch = word.exec(code);
    if (wordMatch) {
      const text = wordMatch[0];
      push(/^\d/.test(text) ? "number" : words.has(text) ? "keyword" : "plain", text);
      i += text.length;
      continue;
    }
    push("plain", char);
    i += 1;
  }
  return tokens;
}
