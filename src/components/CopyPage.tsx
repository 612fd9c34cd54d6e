/**
 * "Copy page" and "View as Markdown": the page's Markdown twin (src/data/markdownTwins.ts) for people who paste a
 * page into an AI assistant. Nothing is fetched before the button is pressed; then the fetching code and the twin
 * load together, and the clipboard is written in the press itself, which is what lets Safari allow it.
 */
import * as React from "react";
import styled from "styled-components";
import { Icon } from "./Icon";
import { theme } from "../styles/theme";

type State = "idle" | "copying" | "copied" | "failed";

const MESSAGES: Record<State, string> = {
  idle: "",
  copying: "Copying the page as Markdown…",
  copied: "Copied the page as Markdown.",
  failed: "Could not copy the page. Open it as Markdown instead.",
};

/** How long "Copied" stays on the button. */
const COPIED_MS = 4000;

/** Puts the text the promise gives on the clipboard, starting the write now (inside the press). */
function writeClipboard(text: Promise<string>): Promise<void> {
  const clipboard = navigator.clipboard;
  if (typeof ClipboardItem !== "undefined" && typeof clipboard.write === "function") {
    const blob = text.then((value) => new Blob([value], { type: "text/plain" }));
    return clipboard.write([new ClipboardItem({ "text/plain": blob })]);
  }
  return text.then((value) => clipboard.writeText(value));
}

export function CopyPage({ twinPath, className }: { twinPath: string; className?: string }) {
  const [state, setState] = React.useState<State>("idle");
  React.useEffect(() => {
    if (state !== "copied") return undefined;
    const timer = window.setTimeout(() => setState("idle"), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = () => {
    setState("copying");
    const text = import(/* webpackChunkName: "page-markdown" */ "../clients/pageMarkdown").then(
      (module) => module.pageMarkdown(twinPath),
    );
    writeClipboard(text).then(
      () => setState("copied"),
      () => setState("failed"),
    );
  };

  return (
    <Bar className={className}>
      <Action as="button" type="button" onClick={copy} aria-busy={state === "copying"}>
        <Icon name={state === "copied" ? "check" : "code"} size={1} />
        <span>{state === "copied" ? "Copied" : "Copy page"}</span>
      </Action>
      <Action href={twinPath} type="text/markdown">
        View as Markdown
      </Action>
      {/* Read out as it changes; seen only when copying failed, where it says what to do instead. */}
      <Status role="status" className={state === "failed" ? undefined : "visually-hidden"}>
        {MESSAGES[state]}
      </Status>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`;

const Action = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: 2.75rem;
  padding: ${theme.space[2]} ${theme.space[4]};
  border: ${theme.borders.hairline} solid ${theme.colors.lineStrong};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  font: inherit;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  text-decoration: none;
  cursor: pointer;

  &:hover {
    border-color: ${theme.colors.ink};
    color: ${theme.colors.ink};
  }
`;

const Status = styled.p`
  flex-basis: 100%;
  margin: 0;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.danger};
`;
