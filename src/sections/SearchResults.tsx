/**
 * The results page's search: a form that works without JavaScript (a GET to the same page), and with it the
 * results of the address's `?q=`, each a link with its section and an excerpt with the words marked.
 */
import * as React from "react";
import { navigate } from "gatsby";
import styled from "styled-components";
import { Button } from "../components/Button";
import { Container } from "../components/Container";
import { Icon } from "../components/Icon";
import { Link } from "../components/Link";
import { SearchExcerpt } from "../components/SearchExcerpt";
import { SEARCH_PATH } from "../config/search";
import { SEARCH_QUERY_PARAM, searchPageUrl, searchTermOf } from "../config/searchLinks";
import { useSearchResults, type SearchState } from "../hooks/useSearchResults";
import { theme } from "../styles/theme";

/** Results listed on the page, best first. */
const RESULT_LIMIT = 50;

export function SearchResults({ search }: { search: string }) {
  // Read after hydration: the server rendered the page without a query, and so must the first render here.
  const [term, setTerm] = React.useState("");
  const [draft, setDraft] = React.useState("");
  React.useEffect(() => {
    const asked = searchTermOf(search);
    setTerm(asked);
    setDraft(asked);
  }, [search]);
  const state = useSearchResults(term, RESULT_LIMIT);
  const results = state.status === "done" ? state.answer.results : [];

  return (
    <Container>
      <Form
        role="search"
        action={SEARCH_PATH}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.trim() !== "") void navigate(searchPageUrl(draft));
        }}
      >
        <label htmlFor="search-page-input" className="visually-hidden">
          Search the site
        </label>
        <Field>
          <Icon name="search" size={1.3} />
          <Input
            id="search-page-input"
            name={SEARCH_QUERY_PARAM}
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Search pages, posts, case studies…"
          />
        </Field>
        <Button type="submit">Search</Button>
      </Form>
      <noscript>
        <Note>
          Searching needs JavaScript in your browser. Every section of the site is listed below.
        </Note>
      </noscript>
      <Note role="status" data-search-status={state.status}>
        {statusText(term, state)}
      </Note>
      {results.length > 0 ? (
        <Results aria-label="Search results">
          {results.map((result) => (
            <Result key={result.url}>
              <ResultTitle>
                <Link href={result.url}>{result.title}</Link>
                {result.section ? <Section>{result.section}</Section> : null}
              </ResultTitle>
              <SearchExcerpt html={result.excerpt} />
            </Result>
          ))}
        </Results>
      ) : null}
    </Container>
  );
}

function statusText(term: string, state: SearchState): string {
  if (term === "") return "";
  switch (state.status) {
    case "idle":
    case "searching":
      return `Searching for “${term}”…`;
    case "failed":
      return "Search is not available right now. Every section of the site is listed below.";
    case "done": {
      const { total } = state.answer;
      if (total === 0)
        return `No results for “${term}”. Try other words, or browse the sections below.`;
      const shown = total > RESULT_LIMIT ? `, the first ${RESULT_LIMIT} shown` : "";
      return `${total} ${total === 1 ? "result" : "results"} for “${term}”${shown}`;
    }
  }
}

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  margin-block: ${theme.space[6]} ${theme.space[4]};
`;

const Field = styled.div`
  display: flex;
  flex: 1 1 16rem;
  align-items: center;
  gap: ${theme.space[2]};
  padding: 0 ${theme.space[3]};
  border: ${theme.borders.hairline} solid ${theme.colors.lineStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.muted};

  &:focus-within {
    outline: ${theme.borders.focus} solid ${theme.colors.focus};
  }
`;

const Input = styled.input`
  flex: 1;
  min-width: 0;
  min-height: 2.75rem;
  border: 0;
  background: transparent;
  color: ${theme.colors.ink};
  font: inherit;

  &:focus {
    outline: none;
  }
`;

const Note = styled.p`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;

const Results = styled.ol`
  display: grid;
  gap: ${theme.space[2]};
  margin-block: ${theme.space[4]} ${theme.space[7]};
  padding: 0;
  list-style: none;
`;

const Result = styled.li`
  display: grid;
  gap: ${theme.space[1]};
  padding: ${theme.space[4]};
  border: ${theme.borders.hairline} solid ${theme.colors.line};
  border-radius: ${theme.radii.md};
`;

const ResultTitle = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${theme.space[2]};
  font-weight: ${theme.fontWeights.semibold};
`;

const Section = styled.span`
  padding: 0 ${theme.space[2]};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceSunken};
  color: ${theme.colors.inkSoft};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.medium};
`;
