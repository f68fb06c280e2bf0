import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SEARCH_GROUPS, SEARCH_QUERY_MAX, searchMessages, type SearchResult } from '#shared/admin-search';
import { useAdminSearch } from './use-admin-search';
import './admin-search.css';

/** Ctrl+K, or ⌘K on a Mac, puts the focus in the field from anywhere in the back office. */
function isShortcut(event: globalThis.KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
}

const NO_RESULTS: SearchResult[] = [];

const plural = (n: number) => `${n} résultat${n > 1 ? 's' : ''}`;

/**
 * The back office's one search (docs/product-rules.md, "Search across the back office"), in
 * its header: results as one types, grouped by kind, each a link to its record. Keyboard
 * use follows the combobox pattern: the focus stays in the field, the arrows move the
 * active option (aria-activedescendant), Enter opens it, Escape closes the list and gives
 * the focus back to where it was before the field.
 */
export function AdminSearch() {
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const state = useAdminSearch(text);

  const results = useMemo(() => (state.status === 'done' ? state.results : NO_RESULTS), [state]);
  const groups = useMemo(
    () =>
      SEARCH_GROUPS.map((group) => ({
        label: group.label,
        results: results.filter((result) => group.kinds.includes(result.kind)),
      })).filter((group) => group.results.length > 0),
    [results],
  );
  // The options in the order they are shown, which the arrows walk through.
  const options = useMemo(() => groups.flatMap((group) => group.results), [groups]);
  const optionId = (result: SearchResult) => `${id}-${result.kind}-${result.id}`;

  useEffect(() => setActive(-1), [results]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      const field = input.current;
      if (!field) return;
      if (document.activeElement !== field && document.activeElement instanceof HTMLElement)
        returnTo.current = document.activeElement;
      field.focus();
      field.select();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  function giveFocusBack() {
    const target = returnTo.current?.isConnected ? returnTo.current : document.getElementById('admin-main');
    returnTo.current = null;
    target?.focus();
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  /** After a record is chosen: the list closed and emptied, the focus on the page it opens. */
  function chosen() {
    close();
    setText('');
    returnTo.current = null;
    document.getElementById('admin-main')?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((was) => (was === -1 && step === -1 ? count - 1 : (was + step + count) % count));
        return;
      }
      case 'Enter': {
        const result = open ? options[active] : undefined;
        if (!result) return;
        event.preventDefault();
        void navigate(result.url);
        chosen();
        return;
      }
      case 'Escape':
        event.preventDefault();
        close();
        giveFocusBack();
        return;
    }
  }

  const shown = open && state.status !== 'idle';
  const expanded = shown && options.length > 0;
  const listId = `${id}-list`;
  const activeResult = expanded && active >= 0 ? options[active] : undefined;
  const announcement =
    state.status === 'done'
      ? state.results.length === 0
        ? searchMessages.noResult(state.query)
        : plural(state.results.length)
      : '';

  return (
    <div className="admin-search" role="search" aria-label="Recherche dans tout le back-office">
      <label htmlFor={`${id}-field`} className="visually-hidden">
        Rechercher dans l’administration
      </label>
      <input
        ref={input}
        id={`${id}-field`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeResult ? optionId(activeResult) : undefined}
        aria-keyshortcuts="Control+K Meta+K"
        placeholder="Rechercher (Ctrl+K)"
        autoComplete="off"
        maxLength={SEARCH_QUERY_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={(event) => {
          if (event.relatedTarget instanceof HTMLElement) returnTo.current = event.relatedTarget;
          setOpen(true);
        }}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {/* Pressing on the panel keeps the focus in the field, so a click reaches its link. */}
      <div className="admin-search-panel" hidden={!shown} onMouseDown={(event) => event.preventDefault()}>
        <div role="listbox" id={listId} aria-label="Résultats de la recherche">
          {groups.map((group) => (
            <div key={group.label} role="group" aria-labelledby={`${id}-${group.label}`}>
              <div role="presentation" id={`${id}-${group.label}`} className="admin-search-group">
                {group.label}
              </div>
              {group.results.map((result) => (
                <Link
                  key={optionId(result)}
                  id={optionId(result)}
                  role="option"
                  aria-selected={result === activeResult}
                  tabIndex={-1}
                  className="admin-search-option"
                  to={result.url}
                  onClick={chosen}
                >
                  <span className="admin-search-label">{result.label}</span>
                  {result.detail && <span className="admin-search-detail">{result.detail}</span>}
                </Link>
              ))}
            </div>
          ))}
        </div>
        {state.status === 'loading' && <p className="admin-search-note">Recherche…</p>}
        {state.status === 'failed' && (
          <p className="admin-search-note">La recherche n’a pas abouti. Réessayez dans un instant.</p>
        )}
        {state.status === 'done' && state.results.length === 0 && (
          <p className="admin-search-note">{searchMessages.noResult(state.query)}</p>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {open ? announcement : ''}
      </p>
    </div>
  );
}
