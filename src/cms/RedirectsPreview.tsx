/**
 * CMS preview of the redirects file: each old address, where it will send visitors and with which status on
 * each host, chains already collapsed as the build collapses them (problems the build would refuse are named).
 */
import * as React from "react";
import styled from "styled-components";
import { Container } from "../components/Container";
import { fillPlaceholders } from "../data/content";
import {
  redirectEntrySchema,
  resolveRedirects,
  type RedirectEntry,
} from "../data/redirects";
import { isNonPagePath } from "../server/nonPagePaths";
import { plain, type PreviewProps } from "./previewData";
import { SiteFrame } from "./SiteFrame";
import { theme } from "../styles/theme";

export function RedirectsPreview(props: PreviewProps) {
  const typed = fillPlaceholders(plain<unknown[]>(props.entry.getIn(["data", "redirects"]), []));
  // Only checked values are shown as rules; an entry the build would refuse is named with the reason.
  const invalid: string[] = [];
  const entries: RedirectEntry[] = [];
  typed.forEach((value, index) => {
    const parsed = redirectEntrySchema.safeParse(value);
    if (parsed.success) entries.push(parsed.data);
    else
      invalid.push(
        `redirects[${index}]: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`,
      );
  });
  // The preview knows no list of pages: targets are taken as they are; the build checks them.
  const targets = new Set(entries.map((entry) => entry.to.split(/[?#]/)[0] ?? ""));
  const resolved = resolveRedirects(
    entries,
    new Set([...targets].filter((to) => !entries.some((entry) => entry.from === to))),
    (pathname) => (isNonPagePath(pathname) ? "answered by the site's functions or files" : null),
  );
  const { rules } = resolved;
  const problems = [...invalid, ...resolved.problems];
  return (
    <SiteFrame document={props.document}>
      <Container as="main" aria-label="Redirects">
        <h1>Redirects</h1>
        <Table>
          <thead>
            <tr>
              <th scope="col">Old address</th>
              <th scope="col">Goes to</th>
              <th scope="col">Status (Netlify and Node / Vercel)</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <tr key={rule.from}>
                <td>{rule.from}</td>
                <td>{rule.to}</td>
                <td>{rule.permanent ? "301 / 308 permanent" : "302 / 307 temporary"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        {problems.length > 0 ? (
          <ul aria-label="Problems the build would refuse">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </Container>
    </SiteFrame>
  );
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  td,
  th {
    text-align: left;
    padding: ${theme.space[2]};
    border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
  }
`;
