/** The panel's styles. */
import styled, { css } from "styled-components";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

export const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  min-height: 20rem;
  padding: ${theme.space[6]};
  border: ${theme.borders.hairline} solid ${theme.colors.nightLine};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.nightSoft};
  color: ${theme.colors.onNight};

  ${media.down("sm")} {
    padding: ${theme.space[4]};
  }
`;

export const PanelTitle = styled.p`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
`;

export const Muted = styled.p`
  color: ${theme.colors.onNightMuted};
  font-size: ${theme.fontSizes.sm};
  max-width: 46rem;
`;

export const Detail = styled.span`
  display: block;
  margin-top: ${theme.space[1]};
  color: ${theme.colors.onNightMuted};
  font-size: ${theme.fontSizes.xs};
`;

export const ErrorText = styled.p`
  color: ${theme.colors.accentOnNight};
  font-weight: ${theme.fontWeights.semibold};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[4]};
`;

export const Facts = styled.dl`
  display: grid;
  gap: ${theme.space[4]};
  margin: 0;
  grid-template-columns: 1fr;

  ${media.up("md")} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

export const Fact = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[1]};
  padding: ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.night};
  min-width: 0;

  ${media.up("md")} {
    grid-column: ${({ $wide }) => ($wide ? "1 / -1" : "auto")};
  }

  dt {
    color: ${theme.colors.onNightMuted};
    font-size: ${theme.fontSizes.xs};
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }

  dd {
    margin: 0;
    font-size: ${theme.fontSizes.md};
    font-weight: ${theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
`;

export const Code = styled.code`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xl};
  color: ${theme.colors.accentOnNight};
`;

export const Verdict = styled.span<{ $bad: boolean }>`
  ${({ $bad }) => css`
    color: ${$bad ? theme.colors.accentOnNight : theme.colors.onNight};
  `}
`;

export const History = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
`;

export const HistoryTitle = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.bold};
`;

export const Visits = styled.ol`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 18rem;
  overflow-y: auto;

  li {
    display: grid;
    grid-template-columns: 1fr;
    gap: ${theme.space[1]};
    padding: ${theme.space[2]} 0;
    border-bottom: ${theme.borders.hairline} solid ${theme.colors.nightLine};
    font-size: ${theme.fontSizes.sm};

    ${media.up("md")} {
      grid-template-columns: 12rem 1fr 12rem;
    }
  }

  span {
    color: ${theme.colors.onNightMuted};
  }
`;
