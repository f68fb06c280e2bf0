import type { MouseEvent, ReactNode } from 'react';
import type { NavigateFunction } from 'react-router-dom';

/**
 * A link from a list's row to another screen of the back office ('Modifier', a site's
 * name): a plain `<a>`, and the table it sits in (ListTable) follows it inside the app.
 * react-router's `Link` reads the location, so each of a page's hundred rows would render
 * again at every page turn, sort or filter, memoised or not; the page is to be drawn
 * within 100 ms (docs/product-rules.md, "Lists of the back office"). Outside a ListTable,
 * use `Link`.
 */
export function RowLink({
  to,
  className,
  children,
  'aria-label': label,
}: {
  /** An absolute path of the back office (paths.adminProductEdit(3)). */
  to: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}) {
  return (
    <a href={to} className={className} aria-label={label} data-row-link="">
      {children}
    </a>
  );
}

/**
 * The table's click handler: a plain click on a RowLink navigates in the app, as `Link`
 * would; a middle click, a modifier (a new tab) or an already handled click is the browser's.
 */
export function followRowLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-row-link]');
  if (!link) return;
  event.preventDefault();
  void navigate(link.getAttribute('href') ?? '/');
}
