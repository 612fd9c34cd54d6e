/**
 * CMS preview of the redirects file: each old address, where it will send visitors and with which status on
 * each host, chains already collapsed as the build collapses them (problems the build would refuse are named).
 */
import * as React from "react";
import styled from "styled-components";
import { Container } from "../components/Container";
import { fillPlaceholders } from "../data/content";
import { resolveRedirects, type RedirectEntry } from "../data/redirects";
import { plain, type PreviewProps } from "./previewData";
import { SiteFrame } from "./SiteFrame";
import { theme } from "../styles/theme";

export function RedirectsPreview(props: PreviewProps) {
  const entries = fillPlaceholders(
    plain<RedirectEntry[]>(props.entry.getIn(["data", "redirects"]), []),
  ).map((entry) => ({ ...entry, permanent: entry.permanent !== false }));
  // The preview knows no list of pages: targets are taken as they are; the build checks them.
  const targets = new Set(entries.map((entry) => (entry.to ?? "").split(/[?#]/)[0] ?? ""));
  const { rules, problems } = resolveRedirects(
    entries.filter((entry) => entry.from && entry.to),
    new Set([...targets].filter((to) => !entries.some((entry) => entry.from === to))),
  );
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
