/**
 * The site search (loaded on first use by the header's SearchControl): a modal dialog whose field is a combobox
 * over a listbox of results (WAI-ARIA's combobox pattern): results while typing, arrow keys move through them,
 * Enter opens one, Escape closes and focus goes back to what opened it.
 */
import * as React from "react";
import { navigate } from "gatsby";
import { loadSearch } from "../../clients/siteSearch";
import { SEARCH_SUGGESTIONS, searchPageUrl } from "../../config/searchLinks";
import { Icon } from "../Icon";
import { SearchExcerpt } from "../SearchExcerpt";
import * as S from "./styles";
import { useSearchResults, type SearchState } from "../../hooks/useSearchResults";

/** Results listed in the dialog; the results page has them all. */
const RESULT_LIMIT = 8;
const LISTBOX_ID = "site-search-listbox";
const optionId = (index: number) => `site-search-option-${index}`;

type Option = { url: string; title: string; section: string; excerpt?: string };

/** Starts loading Pagefind (hover or focus of the search control): the first query then does not wait for it. */
export function prepareSearch(): void {
  void loadSearch().catch(() => undefined);
}

export type SearchDialogProps = {
  open: boolean;
  /** Closes it; `returnFocus` false when a result is being opened (the new page takes the focus). */
  onClose: (options: { returnFocus: boolean }) => void;
};

export default function SearchDialog({ open, onClose }: SearchDialogProps) {
  const dialogRef = React.useRef<HTMLDialogElement>(null);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [term, setTerm] = React.useState("");
  const [active, setActive] = React.useState(-1);
  const state = useSearchResults(term, RESULT_LIMIT);
  const { options, suggesting } = optionsOf(term, state);

  React.useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      prepareSearch();
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  React.useEffect(() => setActive(-1), [term, suggesting, options.length]);
  React.useEffect(() => {
    if (active >= 0)
      document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const go = (url: string) => {
    onClose({ returnFocus: false });
    void navigate(url);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % count);
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === "Escape") {
      // A search field's own Escape would only empty it: here it closes the dialog, as everywhere in it.
      event.preventDefault();
      onClose({ returnFocus: true });
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = options[active];
      if (chosen) go(chosen.url);
      else if (term.trim() !== "") go(searchPageUrl(term));
    }
  };

  const status = statusText(term, state);
  const listTitle = suggesting ? "Suggested pages" : "Results";
  return (
    <S.Dialog
      ref={dialogRef}
      aria-label="Search the site"
      // Escape: the browser cancels the dialog; the state that says it is open follows.
      onCancel={(event) => {
        event.preventDefault();
        onClose({ returnFocus: true });
      }}
      // Only this dialog answers its Escape (the phone menu, open beneath it, listens on the document).
      onKeyDown={(event) => {
        if (event.key === "Escape") event.stopPropagation();
      }}
      // A click on the backdrop (outside the panel) closes it.
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose({ returnFocus: true });
      }}
    >
      <S.Panel>
        <S.Field role="search" onSubmit={(event) => event.preventDefault()}>
          <Icon name="search" size={1.3} />
          <label htmlFor="site-search-input" className="visually-hidden">
            Search the site
          </label>
          <S.Input
            ref={inputRef}
            id="site-search-input"
            type="search"
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={LISTBOX_ID}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            aria-describedby="site-search-status"
            autoComplete="off"
            spellCheck={false}
            placeholder="Search pages, posts, case studies…"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <S.Close type="button" onClick={() => onClose({ returnFocus: true })}>
            <span aria-hidden="true">Esc</span>
            <span className="visually-hidden">Close search</span>
          </S.Close>
        </S.Field>
        <S.Status id="site-search-status" role="status" data-search-status={state.status}>
          {status}
        </S.Status>
        <S.ListTitle id="site-search-list-title">{listTitle}</S.ListTitle>
        <S.List id={LISTBOX_ID} role="listbox" aria-labelledby="site-search-list-title">
          {options.map((option, index) => (
            <S.Option
              key={option.url}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onMouseMove={() => setActive(index)}
              onClick={() => go(option.url)}
            >
              <S.OptionTitle>
                {option.title}
                {option.section ? <S.Section>{option.section}</S.Section> : null}
              </S.OptionTitle>
              {option.excerpt ? <SearchExcerpt html={option.excerpt} /> : null}
            </S.Option>
          ))}
        </S.List>
        {!suggesting && term.trim() !== "" ? (
          <S.Footer>
            <S.AllResults
              href={searchPageUrl(term)}
              onClick={(event) => {
                event.preventDefault();
                go(searchPageUrl(term));
              }}
            >
              See all results for “{term.trim()}”
            </S.AllResults>
          </S.Footer>
        ) : null}
      </S.Panel>
    </S.Dialog>
  );
}

/** What the listbox offers: the results, or suggested pages while nothing is typed or nothing was found. */
function optionsOf(term: string, state: SearchState): { options: Option[]; suggesting: boolean } {
  const answer =
    state.status === "done" ? state.answer : state.status === "searching" ? state.previous : null;
  const nothingFound =
    state.status === "failed" || (state.status === "done" && answer?.total === 0);
  if (term.trim() === "" || nothingFound || answer === null) {
    if (state.status === "searching" && term.trim() !== "")
      return { options: [], suggesting: false };
    return {
      options: SEARCH_SUGGESTIONS.map((s) => ({ url: s.path, title: s.title, section: s.section })),
      suggesting: true,
    };
  }
  return { options: answer.results, suggesting: false };
}

function statusText(term: string, state: SearchState): string {
  const shown = term.trim();
  switch (state.status) {
    case "idle":
      return "Type to search pages, posts, case studies and webinars.";
    case "searching":
      return "Searching…";
    case "failed":
      return "Search is not available right now. These pages may help.";
    case "done":
      return state.answer.total === 0
        ? `No results for “${shown}”. These pages may help.`
        : `${state.answer.total} ${state.answer.total === 1 ? "result" : "results"} for “${shown}”`;
  }
}
