import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The item whose detail dialog is open, kept in the URL (`?soumission=12`, `?message=7`):
 * a reload or a link from an e-mail opens it again. Opening is a step Back can undo;
 * closing replaces it, so Back does not reopen what was just closed.
 */
export function useOpenItem(param: string): {
  openId: number | null;
  setOpenId: (id: number | null) => void;
} {
  const [params, setParams] = useSearchParams();
  const raw = params.get(param);
  const openId = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const setOpenId = useCallback(
    (id: number | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(param);
          else next.set(param, String(id));
          return next;
        },
        { replace: id === null },
      );
    },
    [param, setParams],
  );
  return { openId, setOpenId };
}
