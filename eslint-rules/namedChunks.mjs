// Every dynamic import in browser code names its chunk: Gatsby names shared chunks after the chunks that
// share them, so unnamed lazy chunks pool everything they share into one chunk that loads on every page.

const CHUNK_NAME = /webpackChunkName:\s*"[a-z0-9-]+"/;
/** A file webpack never sees (the search's Pagefind code, written after the build): it makes no chunk. */
const IGNORED = /webpackIgnore:\s*true/;

/** @type {import("eslint").Rule.RuleModule} */
export const namedChunks = {
  meta: {
    type: "problem",
    docs: { description: "every import() in browser code carries a webpackChunkName comment" },
    messages: {
      unnamed:
        'Name this chunk: import(/* webpackChunkName: "lowercase-hyphen-name" */ "..."), or it pools with every other unnamed chunk.',
    },
    schema: [],
  },
  create(context) {
    return {
      ImportExpression(node) {
        const comments = context.sourceCode.getCommentsBefore(node.source);
        const named = (comment) =>
          comment.type === "Block" &&
          (CHUNK_NAME.test(comment.value) || IGNORED.test(comment.value));
        if (!comments.some(named)) context.report({ node, messageId: "unnamed" });
      },
    };
  },
};
