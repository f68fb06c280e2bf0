import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before the search reaches the URL (and the server). */
const SEARCH_DELAY_MS = 120;

/**
 * The text of a search box whose committed value lives in the URL (server-paged lists):
 * what is typed reaches `commit` once typing pauses; a URL change from elsewhere (the Back
 * button) is copied into the box, but the box's own echo is not, since it would undo keys
 * typed meanwhile.
 */
export function useUrlSearch(
  committed: string,
  commit: (text: string) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const sent = useRef(committed);

  useEffect(() => {
    if (committed === sent.current) return;
    sent.current = committed;
    setText(committed);
  }, [committed]);

  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      commit(text.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, commit]);

  return [text, setText];
}
