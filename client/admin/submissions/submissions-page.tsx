import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  submissionMessages,
  SUBMISSIONS_PAGE_SIZE,
} from '#shared/schemas/submission';
import { statusUpdateTitle } from '#shared/submission-rules';
import type { ProjectSubmission } from '#shared/types';
import {
  adminApi,
  adminFetch,
  assignBulkAction,
  hasToken,
  isSessionEnd,
  itemData,
  PagedListScreen,
  pageRange,
  toast,
  toastMovedToTrash,
  tokenOrToast,
  TRASH_WARNING,
  trashBulkAction,
  usePagedList,
  useAssignableUsers,
  useListSelection,
  type BulkOptions,
  CsvExportButton,
  DownloadError,
  downloadMessages,
  saveBlob,
  zipFromResponse,
} from '#client/admin/kit';
import { fullName, useSubmissionColumns } from './submission-columns';
import { SubmissionDialog } from './submission-dialog';
import { SubmissionFilterFields } from './submission-filters';
import { SubmissionStatTiles } from './submission-stats';
import { apiFilter, exportQuery } from './submission-query';
import { LOAD_ERROR, loadSubmissions } from './submission-source';
import { useSubmissionFilters } from './use-submission-filters';
import './submissions.css';
import { countOf } from '#shared/plural';

const rowKey = (submission: ProjectSubmission) => submission.id;
/** The reference tells apart two requests of one client. */
const rowLabel = (submission: ProjectSubmission) =>
  `la soumission de ${fullName(submission)}${submission.reference ? ` (${submission.reference})` : ''}`;
const STATUS_OPTIONS = SUBMISSION_STATUSES.map((status) => ({
  value: status,
  label: SUBMISSION_STATUS_LABELS[status],
}));

/** The browser's confirm cannot name a row in bold: the question, then the trash's warning. */
export const DELETE_QUESTION = `Êtes-vous sûr de vouloir supprimer cette soumission ? ${TRASH_WARNING}`;
const DELETE_FAILED = 'Impossible de supprimer la soumission';
const BASE = '/admin/project-submissions';

/** 'Soumissions de projets' (product rules, Pages and routes; product rules, Back office). */
export function Component() {
  const { query, openId, setOpenId } = useSubmissionFilters();
  const filters = query.query;
  const list = usePagedList(loadSubmissions, filters, {
    perPage: SUBMISSIONS_PAGE_SIZE,
    errorMessage: LOAD_ERROR,
  });
  const { reload } = list;
  const users = useAssignableUsers();
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const [downloadProblem, setDownloadProblem] = useState<{ id: number; message: string } | null>(null);
  const [fetched, setFetched] = useState<ProjectSubmission | null>(null);
  const page = list.page;
  const rows = list.rows;

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
      const description = message ?? submissionMessages.statusUpdated;
      toast({ title: statusUpdateTitle(description), description });
    },
    [setOpenId, reload],
  );

  // The dialog shows the answer; the list reloads (the row may leave a filtered list).
  const assigned = useCallback(
    (submission: ProjectSubmission) => {
      setFetched(submission);
      reload();
    },
    [reload],
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
      if (!tokenOrToast()) return;
      // Product rules, Validation: the browser's own confirmation.
      if (!window.confirm(DELETE_QUESTION)) return;
      try {
        const answer = await adminApi<{ message?: string } | undefined>(`${BASE}/${submission.id}`, {
          method: 'DELETE',
        });
        toastMovedToTrash('submission', answer?.message ?? submissionMessages.deleted);
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
  const columns = useSubmissionColumns({ open, download: onDownload, remove: onRemove, downloadingId });
  const filtered = filters.search !== '' || filters.status !== 'all' || filters.assignee !== '';

  // docs/product-rules.md, "Bulk actions": rows ticked across pages; a new search or filter
  // empties the selection (the sort and the page keep it).
  const filter = useMemo(() => apiFilter(filters), [filters]);
  const selection = useListSelection(rowKey, JSON.stringify(filter));
  const bulk = useMemo<BulkOptions<ProjectSubmission>>(
    () => ({
      path: `${BASE}/bulk`,
      noun: ['soumission', 'soumissions'],
      feminine: true,
      labelOf: (s) => `${s.reference ?? ''} ${fullName(s)}`.trim(),
      actions: [
        {
          action: 'status',
          label: 'Changer le statut',
          question: (count) => `Changer le statut de ${count} ?`,
          choose: { name: 'status', label: 'Nouveau statut', options: STATUS_OPTIONS },
        },
        assignBulkAction(users ?? []),
        // As the row's deletion: the administrator's (docs/product-rules.md, "Roles and access").
        trashBulkAction('operator'),
      ],
      exportCsv: { path: `${BASE}/export.csv`, fallbackName: 'soumissions-projets.csv' },
    }),
    [users],
  );

  return (
    <PagedListScreen
      title="Soumissions de projets"
      lead="Les demandes de projet envoyées depuis le site."
      actions={
        <CsvExportButton
          path={`${BASE}/export.csv`}
          query={exportQuery(filters)}
          fallbackName="soumissions-projets.csv"
        />
      }
      above={<SubmissionStatTiles stats={page?.stats ?? null} />}
      list={list}
      query={query}
      toolbarClassName="submission-filters"
      search={{ label: 'Rechercher une soumission', placeholder: 'Référence, nom, email ou titre du projet' }}
      toolbar={<SubmissionFilterFields query={query} users={users} />}
      count={
        page && (
          <p className="muted list-count" aria-live="polite">
            {pageRange(page, `${countOf(page.total, 'soumission')}${filtered ? ' (filtrées)' : ''}`)}
          </p>
        )
      }
      empty="Aucune soumission trouvée"
      columns={columns}
      rowKey={rowKey}
      rowLabel={rowLabel}
      selection={selection}
      bulk={bulk}
      bulkFilter={filter}
      pagerLabel="Pagination des soumissions"
    >
      {opened && (
        <SubmissionDialog
          key={opened.id}
          submission={opened}
          onClose={close}
          onSaved={saved}
          onDownload={onDownload}
          users={users}
          onAssigned={assigned}
          downloading={downloadingId === opened.id}
          downloadProblem={downloadProblem?.id === opened.id ? downloadProblem.message : null}
        />
      )}
    </PagedListScreen>
  );
}
