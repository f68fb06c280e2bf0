import { useEffect } from 'react';
import { useParams } from 'react-router-dom';

/**
 * The one-use token of an invitation or reset link, read from the address once and then
 * kept in memory only (docs/product-rules.md, "Staff accounts").
 *
 * Why the address bar loses it: the token signs someone in (invitation) or sets a password
 * (reset) until it is used or expires, and an address is copied far more than a page is
 * seen: browser history and its sync to other devices, a screenshot, a shared screen,
 * the "recently visited" list of a shared office computer. So once React owns the page,
 * `history.replaceState` puts `basePath` (the same page without the token) in the address.
 * It is safe because only the browser's entry changes: React Router's location (which the
 * page reads its token from) stays the one it loaded, and the token lives in that memory
 * until the page is left. The price is a reload: the page then has no token and asks for
 * the link of the e-mail again (`missing` below), which still works while unused. Nothing
 * else could leak it: the page is private (no-store, no referrer), loads nothing from
 * another origin, and the server masks these paths in its logs.
 */
export function useLinkToken(basePath: string): string | null {
  const { token } = useParams();
  useEffect(() => {
    if (token && window.location.pathname !== basePath) {
      window.history.replaceState(window.history.state, '', basePath);
    }
  }, [token, basePath]);
  return token ? token : null;
}
