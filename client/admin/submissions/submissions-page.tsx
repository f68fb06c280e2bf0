import { useCallback, useEffect, useState } from 'react';
import { submissionMessages } from '#shared/schemas/submission';
import type { ProjectSubmission } from '#shared/types';
import {
  adminApi,
  adminFetch,
  hasToken,
  isSessionEnd,
  itemData,
  ListStates,
  PageHeader,
  toast,
} from '#client/admin/kit';
import { CsvExportButton } from '#client/admin/kit/csv-export-button';
import { ListPagination } from '#client/admin/kit/list-pagination';
import { SubmissionDialog } from './submission-dialog';
import { SubmissionFilterBar } from './submission-filters';
import { SubmissionStatTiles } from './submission-stats';
import { exportQuery } from './submission-query';
import { SubmissionTable } from './submission-table';
import { useSubmissionFilters } from './use-submission-filters';
import { LOAD_ERROR, useSubmissionPage } from './use-submission-page';
import { DownloadError, downloadMessages, saveBlob, zipFromResponse } from '#client/admin/kit/zip-download';
import './submissions.css';

export const DELETE_QUESTION = 'Êtes-vous sûr de vouloir supprimer cette soumission ?';
const DELETE_FAILED = 'Impossible de supprimer la soumission';
const BASE = '/admin/project-submissions';

/** 'Soumissions de projets' (product rules, Pages and routes, "Submissions management"; product rules, Back office). */
export function Component() {
  const { filters, setFilters, openId, setOpenId } = useSubmissionFilters();
  const list = useSubmissionPage(filters);
  const { reload } = list;
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const [downloadProblem, setDownloadProblem] = useState<{ id: number; message: string } | null>(null);
  const [fetched, setFetched] = useState<ProjectSubmission | null>(null);
  const page = list.page;
  const rows = page?.rows ?? [];

  // A page past the end (the last row of the last page was deleted, or an old link).
  useEffect(() => {
    if (
      list.status === 'ready' &&
      page &&
      page.total > 0 &&
      page.rows.length === 0 &&
      filters.page > page.lastPage
    ) {
      setFilters({ page: page.lastPage }, { replace: true });
    }
  }, [list.status, page, filters.page, setFilters]);

  // The dialog's submission: from the page shown, else read by id (a reload, a link).
  const fromRows = openId === null ? undefined : rows.find((row) => row.id === openId);
  const opened = fromRows ?? (fetched && fetched.id === openId ? fetched : null);
  useEffect(() => {
    if (openId === null || fromRows || list.status === 'loading' || fetched?.id === openId) return;
    const controller = new AbortController();
    adminApi<{ data?: ProjectSubmission }>(`${BASE}/${openId}`, { signal: controller.signal })
      .then((answer) => setFetched(itemData(answer) as ProjectSubmission))
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        toast({
          title: 'Erreur',
          description: error instanceof Error ? error.message : submissionMessages.notFound,
          variant: 'destructive',
        });
        setOpenId(null);
      });
    return () => controller.abort();
  }, [openId, fromRows, list.status, fetched, setOpenId]);

  const open = useCallback((submission: ProjectSubmission) => setOpenId(submission.id), [setOpenId]);
  const close = useCallback(() => setOpenId(null), [setOpenId]);

  const saved = useCallback(
    (message: string | undefined) => {
      setOpenId(null);
      reload();
      toast({ title: 'Statut mis à jour', description: message ?? submissionMessages.statusUpdated });
    },
    [setOpenId, reload],
  );

  const download = useCallback(async (submission: ProjectSubmission) => {
    setDownloadProblem(null);
    const fail = (message: string) => {
      setDownloadProblem({ id: submission.id, message });
      toast({ title: 'Erreur', description: message, variant: 'destructive' });
    };
    if (!hasToken()) return fail(downloadMessages.notSignedIn);
    setDownloadingId(submission.id);
    try {
      const response = await adminFetch(`${BASE}/${submission.id}/download`, {
        accept: 'application/zip, application/json;q=0.5',
      });
      const { blob, fileName } = await zipFromResponse(response);
      saveBlob(blob, fileName);
    } catch (error) {
      if (!isSessionEnd(error))
        fail(error instanceof DownloadError ? error.message : downloadMessages.failed);
    } finally {
      setDownloadingId(null);
    }
  }, []);

  const remove = useCallback(
    async (submission: ProjectSubmission) => {
      if (!hasToken()) {
        toast({
          title: 'Erreur',
          description: 'Vous devez être connecté pour effectuer cette action',
          variant: 'destructive',
        });
        return;
      }
      // Product rules, Validation: the browser's own confirmation.
      if (!window.confirm(DELETE_QUESTION)) return;
      try {
        const answer = await adminApi<{ message?: string } | undefined>(`${BASE}/${submission.id}`, {
          method: 'DELETE',
        });
        toast({ title: 'Suppression réussie', description: answer?.message ?? submissionMessages.deleted });
        reload();
      } catch (error) {
        if (!isSessionEnd(error))
          toast({ title: 'Erreur', description: DELETE_FAILED, variant: 'destructive' });
      }
    },
    [reload],
  );

  const onDownload = useCallback((s: ProjectSubmission) => void download(s), [download]);
  const onRemove = useCallback((s: ProjectSubmission) => void remove(s), [remove]);
  const filtered = filters.search !== '' || filters.status !== 'all';

  return (
    <>
      <PageHeader title="Soumissions de projets" lead="Les demandes de projet envoyées depuis le site.">
        <CsvExportButton
          path={`${BASE}/export.csv`}
          query={exportQuery(filters)}
          fallbackName="soumissions-projets.csv"
        />
      </PageHeader>
      <SubmissionStatTiles stats={page?.stats ?? null} />
      <SubmissionFilterBar filters={filters} setFilters={setFilters} />
      <ListStates
        status={list.status}
        error={LOAD_ERROR}
        onRetry={reload}
        isEmpty={rows.length === 0}
        empty="Aucune soumission trouvée"
      >
        {page && (
          <p className="muted list-count" aria-live="polite">
            {page.from !== null && page.to !== null
              ? `${page.from} à ${page.to} sur ${page.total} soumission${page.total > 1 ? 's' : ''}${filtered ? ' (filtrées)' : ''}`
              : null}
          </p>
        )}
        <SubmissionTable
          rows={rows}
          stale={list.refreshing}
          actions={{ open, download: onDownload, remove: onRemove, downloadingId }}
        />
        {page && (
          <ListPagination
            page={page.page}
            lastPage={page.lastPage}
            onPage={(next) => setFilters({ page: next })}
          />
        )}
      </ListStates>
      {opened && (
        <SubmissionDialog
          key={opened.id}
          submission={opened}
          onClose={close}
          onSaved={saved}
          onDownload={onDownload}
          downloading={downloadingId === opened.id}
          downloadProblem={downloadProblem?.id === opened.id ? downloadProblem.message : null}
        />
      )}
    </>
  );
}
