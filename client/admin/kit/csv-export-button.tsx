import { useState } from 'react';
import { adminFetch, hasToken, isSessionEnd, toast } from '#client/admin/kit';
import { fileNameFromDisposition, saveBlob } from './zip-download';

/**
 * 'Exporter (CSV)' (docs/product-rules.md, "CSV exports"). A plain link cannot carry the
 * administrator's token, so the file is fetched with it, then handed to the browser as a
 * blob under the name the server gives in Content-Disposition.
 */
export const csvExportMessages = {
  failed: "Impossible d'exporter le fichier CSV",
  notSignedIn: 'Vous devez être connecté pour exporter les données',
  done: 'Export terminé',
} as const;

async function failureOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : csvExportMessages.failed;
  } catch {
    return csvExportMessages.failed;
  }
}

export function CsvExportButton({
  path,
  query,
  fallbackName,
  label = 'Exporter (CSV)',
}: {
  /** Under /api, e.g. '/admin/contact-messages/export.csv'. */
  path: string;
  /** The list's filters, so the file holds what the screen shows (every page). */
  query: string;
  fallbackName: string;
  /** The button's words ('Exporter la sélection (CSV)' in a bulk bar). */
  label?: string;
}) {
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!hasToken()) {
      toast({ title: 'Erreur', description: csvExportMessages.notSignedIn, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const response = await adminFetch(query ? `${path}?${query}` : path, { accept: 'text/csv' });
      if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/csv'))
        throw new Error(await failureOf(response));
      const blob = await response.blob();
      const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
      saveBlob(blob, name);
      toast({ title: csvExportMessages.done, description: name });
    } catch (error) {
      if (!isSessionEnd(error))
        toast({
          title: 'Erreur',
          description: error instanceof Error && error.message ? error.message : csvExportMessages.failed,
          variant: 'destructive',
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-outline"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? 'Export en cours...' : label}
    </button>
  );
}
