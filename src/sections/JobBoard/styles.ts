/** The job board's styles. */
import styled from "styled-components";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

// The list's length is only known once the board answers. Holding at least a screen's height for it,
// skeleton and list alike, keeps whatever follows below the fold until then: a longer list pushes only
// content nobody sees yet, a shorter one pulls nothing up, so the swap never shifts the visible page.
export const ListRegion = styled.div`
  min-height: 100vh;
`;

export const Notice = styled.p`
  margin-bottom: ${theme.space[5]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: ${theme.borders.focus} solid ${theme.colors.warning};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.ink};
`;

export const SampleNote = styled.p`
  margin-bottom: ${theme.space[5]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.inkSoft};
  font-size: ${theme.fontSizes.sm};
`;

export const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space[4]};
  margin-bottom: ${theme.space[6]};
  padding-bottom: ${theme.space[5]};
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
`;

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[1]};
  flex: 1 1 14rem;

  ${media.up("md")} {
    flex: 0 1 16rem;
  }

  label {
    color: ${theme.colors.ink};
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.semibold};
  }

  select {
    min-height: 2.75rem;
    padding: 0 ${theme.space[3]};
    border: ${theme.borders.hairline} solid ${theme.colors.lineStrong};
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surface};
    color: ${theme.colors.ink};
    font: inherit;
  }
`;

export const Count = styled.p`
  margin-left: auto;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;

export const Groups = styled.div`
  display: grid;
  gap: ${theme.space[7]};
`;

export const Group = styled.section`
  display: grid;
  gap: ${theme.space[3]};

  ${media.up("lg")} {
    grid-template-columns: 16rem 1fr;
    gap: ${theme.space[6]};
  }
`;

export const GroupTitle = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  align-self: start;
`;

export const Roles = styled.ul`
  display: grid;
  border-top: ${theme.borders.hairline} solid ${theme.colors.line};
`;

export const Role = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${theme.space[1]} ${theme.space[4]};
  padding-block: ${theme.space[4]};
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
`;

// A plain anchor, not the site's client-side Link: the apply page frames the hosted form, which only
// its own Content-Security-Policy allows (frame-src), so it must load as a document of its own.
export const RoleLink = styled.a`
  color: ${theme.colors.ink};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: none;

  &:hover {
    color: ${theme.colors.accent};
    text-decoration: underline;
  }
`;

export const RoleMeta = styled.span`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;

export const EmptyState = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  padding: ${theme.space[6]};
  border: ${theme.borders.hairline} dashed ${theme.colors.lineStrong};
  border-radius: ${theme.radii.lg};
`;

export const ErrorState = styled(EmptyState)`
  border: ${theme.borders.hairline} solid ${theme.colors.danger};
  background: ${theme.colors.dangerSoft};
`;
