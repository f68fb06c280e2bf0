import { useEffect, useState } from 'react';
import { ApiError } from '#client/lib/api-client';
import { adminApi, isSessionEnd } from '#client/admin/kit';
import type { AdminSiteUpdate, SiteRequest } from '#shared/site-updates';

/** The request a site belongs to, as GET /admin/project-submissions/{id}/updates answers it. */
export type { SiteRequest };

export type SiteUpdatesState =
  | { status: 'loading' }
  | { status: 'ready'; request: SiteRequest; updates: AdminSiteUpdate[] }
  | { status: 'failed'; notFound: boolean; message: string };

/** A request and all its updates, drafts included; a new `round` loads again. */
export function useSiteUpdates(submissionId: string | undefined, round = 0): SiteUpdatesState {
  const [state, setState] = useState<SiteUpdatesState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => (current.status === 'loading' ? current : { status: 'loading' }));
    adminApi<{ submission: SiteRequest; data: AdminSiteUpdate[] }>(
      `/admin/project-submissions/${submissionId ?? ''}/updates`,
      { signal: controller.signal },
    )
      .then((answer) => setState({ status: 'ready', request: answer.submission, updates: answer.data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        setState({
          status: 'failed',
          notFound: error instanceof ApiError && error.status === 404,
          message: error instanceof Error ? error.message : 'Erreur lors du chargement du chantier',
        });
      });
    return () => controller.abort();
  }, [submissionId, round]);
  return state;
}

export function siteName(request: { reference: string | null; project_title: string }): string {
  return request.reference ? `${request.reference} · ${request.project_title}` : request.project_title;
}
