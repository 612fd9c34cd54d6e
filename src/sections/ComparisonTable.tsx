/** A feature-by-feature table comparing two to four options; scrolls sideways on small screens. */
import * as React from "react";
import styled from "styled-components";
import type { ComparisonTableContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { Icon } from "../components/Icon";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { theme } from "../styles/theme";

export function ComparisonTable({
  title,
  lead,
  columns,
  rows,
  footnote,
  id,
}: ComparisonTableContent) {
  return (
    <SectionShell id={id}>
      <Container>
        <SectionIntro title={title} lead={lead} />
        <Scroller tabIndex={0} aria-label={title}>
          <Table>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.feature}>
                  <th scope="row">
                    {row.feature}
                    {/* The space keeps the two apart where the note is read as text (the page's Markdown twin). */}
                    {row.note ? <> <RowNote>{row.note}</RowNote></> : null}
                  </th>
                  {columns.map((column, index) => (
                    <td key={column}>
                      <Cell value={row.values[index]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroller>
        {footnote ? <Footnote>{footnote}</Footnote> : null}
      </Container>
    </SectionShell>
  );
}

function Cell({ value }: { value: boolean | string | undefined }) {
  if (value === true)
    return (
      <Yes>
        <Icon name="check" label="Yes" />
      </Yes>
    );
  if (value === false || value === undefined)
    return (
      <No>
        <Icon name="close" label="No" />
      </No>
    );
  return <>{value}</>;
}

const Scroller = styled.section`
  overflow-x: auto;
  border: ${theme.borders.hairline} solid ${theme.colors.line};
  border-radius: ${theme.radii.lg};
`;

const Table = styled.table`
  width: 100%;
  min-width: 36rem;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.sm};

  th,
  td {
    padding: ${theme.space[3]} ${theme.space[4]};
    border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
    text-align: left;
    vertical-align: top;
  }
  thead th {
    background: ${theme.colors.surfaceAlt};
    color: ${theme.colors.ink};
    font-weight: ${theme.fontWeights.semibold};
  }
  tbody th {
    font-weight: ${theme.fontWeights.medium};
    color: ${theme.colors.ink};
  }
  tbody tr:last-child th,
  tbody tr:last-child td {
    border-bottom: 0;
  }
`;

const RowNote = styled.span`
  display: block;
  margin-top: ${theme.space[1]};
  font-weight: ${theme.fontWeights.regular};
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xs};
`;

const Yes = styled.span`
  color: ${theme.colors.success};
`;

const No = styled.span`
  color: ${theme.colors.muted};
`;

const Footnote = styled.p`
  margin-top: ${theme.space[4]};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
`;
