// Styled components read theme values from src/styles/theme, never from their props: a theme read through
// props makes a component's CSS a function, which styled-components resolves again on every render
// instead of once.

/** @type {import("eslint").Rule.RuleModule} */
export const themeFromModule = {
  meta: {
    type: "problem",
    docs: { description: "take theme values from src/styles/theme, not from a function's props" },
    messages: {
      fromProps:
        "Import the theme from src/styles/theme instead of reading `theme` from props: a props function is re-resolved on every render.",
    },
    schema: [],
  },
  create(context) {
    return {
      // `({ theme }) =>`, `({ $gap, theme }) =>`: an arrow function destructuring `theme` from its argument.
      "ArrowFunctionExpression > ObjectPattern.params:first-child > Property.properties"(property) {
        const key = property.key;
        const name =
          key.type === "Identifier" ? key.name : key.type === "Literal" ? key.value : null;
        if (name === "theme") context.report({ node: property, messageId: "fromProps" });
      },
    };
  },
};
