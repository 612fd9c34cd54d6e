/** A row of call-to-action buttons from content; the first is the primary action. */
import * as React from "react";
import styled from "styled-components";
import type { Cta } from "../data/sectionSchemas";
import { Button, type ButtonSize, type ButtonVariant } from "./Button";
import { theme } from "../styles/theme";

export interface CtaGroupProps {
  ctas: Cta[];
  size?: ButtonSize;
  /** Variant of the first button and of the others, unless a CTA names its own. */
  primary?: ButtonVariant;
  secondary?: ButtonVariant;
  /** Puts an arrow on the first button. */
  arrow?: boolean;
}

export function CtaGroup({
  ctas,
  size = "md",
  primary = "primary",
  secondary = "secondary",
  arrow = false,
}: CtaGroupProps) {
  if (ctas.length === 0) return null;
  return (
    <Row>
      {ctas.map((cta, index) => (
        <Button
          key={cta.href + cta.label}
          href={cta.href}
          data-cta="content"
          size={size}
          arrow={arrow && index === 0}
          variant={cta.variant ?? (index === 0 ? primary : secondary)}
        >
          {cta.label}
        </Button>
      ))}
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
`;
