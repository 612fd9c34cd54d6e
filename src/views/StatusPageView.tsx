/** Body for the 404 and 500 pages: what happened, and where the visitor can go next. */
import * as React from "react";
import styled from "styled-components";
import { Button } from "../components/Button";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { Link } from "../components/Link";
import { Eyebrow, Text } from "../components/Text";
import { theme } from "../styles/theme";

export interface StatusPageViewProps {
  code: string;
  title: string;
  body: string;
  suggestions: Array<{ title: string; url: string }>;
}

export function StatusPageView({ code, title, body, suggestions }: StatusPageViewProps) {
  return (
    <Wrapper>
      <Container $narrow>
        <Eyebrow>Error {code}</Eyebrow>
        <Heading level={1} size="xl">
          {title}
        </Heading>
        <Text $size="lg">{body}</Text>
        <Actions>
          <Button href="/" arrow>
            Go to the home page
          </Button>
          <Button href="/support/" variant="secondary">
            Contact support
          </Button>
        </Actions>
        <Heading level={2} size="sm">
          Popular pages
        </Heading>
        <List role="list">
          {suggestions.map((item) => (
            <li key={item.url}>
              <Link href={item.url}>{item.title}</Link>
            </li>
          ))}
        </List>
      </Container>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  padding-block: ${theme.space[9]};

  ${Container} > * + * {
    margin-top: ${theme.space[4]};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  padding-bottom: ${theme.space[5]};
`;

const List = styled.ul`
  display: grid;
  gap: ${theme.space[2]};
`;
