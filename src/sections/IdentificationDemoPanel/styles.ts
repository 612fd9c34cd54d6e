/** The panel's styles. */
import styled, { css } from "styled-components";
import { media } from "../../styles/media";

export const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  min-height: 20rem;
  padding: ${({ theme }) => theme.space[6]};
  border: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.nightLine};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.nightSoft};
  color: ${({ theme }) => theme.colors.onNight};

  ${media.down("sm")} {
    padding: ${({ theme }) => theme.space[4]};
  }
`;

export const PanelTitle = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.onNightMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  max-width: 46rem;
`;

export const Detail = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.colors.onNightMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

export const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.accentOnNight};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
`;

export const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  grid-template-columns: 1fr;

  ${media.up("md")} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

export const Fact = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.night};
  min-width: 0;

  ${media.up("md")} {
    grid-column: ${({ $wide }) => ($wide ? "1 / -1" : "auto")};
  }

  dt {
    color: ${({ theme }) => theme.colors.onNightMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
`;

export const Code = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.accentOnNight};
`;

export const Verdict = styled.span<{ $bad: boolean }>`
  ${({ theme, $bad }) => css`
    color: ${$bad ? theme.colors.accentOnNight : theme.colors.onNight};
  `}
`;

export const History = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

export const HistoryTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
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
    gap: ${({ theme }) => theme.space[1]};
    padding: ${({ theme }) => theme.space[2]} 0;
    border-bottom: ${({ theme }) => theme.borders.hairline} solid
      ${({ theme }) => theme.colors.nightLine};
    font-size: ${({ theme }) => theme.fontSizes.sm};

    ${media.up("md")} {
      grid-template-columns: 12rem 1fr 12rem;
    }
  }

  span {
    color: ${({ theme }) => theme.colors.onNightMuted};
  }
`;
