import { useMemo } from 'react';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import type { SiteSummary } from '#shared/site-updates';
import { SITES_PAGE_SIZE } from '#shared/schemas/site-update';
import {
  ClippedText,
  PagedListScreen,
  serverListCodec,
  serverListLoader,
  useServerListScreen,
  type Column,
  RowLink,
} from '#client/admin/kit';
import { PublishedBadge, SiteProgress } from './site-progress';
import { siteName } from './use-site-updates';
import './sites.css';
import { countOf } from '#shared/plural';

/**
 * 'Chantiers' (docs/product-rules.md, "Site updates"): every approved request, the sites
 * with the latest news first, with its last update and progress; a row opens the site's
 * updates and the form to post one. Read a page at a time from the server, its page, sort
 * and search in the address ("Lists of the back office").
 */
// No filter but the search.
const codec = serverListCodec<Record<string, never>>({ sort: '-last_update' });
const load = serverListLoader<SiteSummary>('/admin/site-updates', codec);
const rowKey = (site: SiteSummary) => site.id;

export function Component() {
  const { query, screen } = useServerListScreen({
    codec,
    load,
    perPage: SITES_PAGE_SIZE,
    errorMessage: 'Impossible de charger les chantiers',
  });

  const columns = useMemo<Column<SiteSummary>[]>(
    () => [
      {
        header: 'Chantier',
        sort: 'reference',
        cell: (site) => <RowLink to={paths.adminSite(site.id)}>{siteName(site)}</RowLink>,
      },
      { header: 'Client', sort: 'client', cell: (site) => site.client_name },
      // The site manager calls the client from the site: a tap on the number dials it.
      {
        header: 'Téléphone',
        cell: (site) => (
          <a href={`tel:${site.phone}`}>
            <ClippedText text={site.phone} />
          </a>
        ),
      },
      { header: 'Localisation', cell: (site) => site.location },
      {
        header: 'Dernière mise à jour',
        sort: 'last_update',
        cell: (site) =>
          site.last_update ? (
            <>
              {formatDate(site.last_update.date)} · {site.last_update.phase_label}{' '}
              <PublishedBadge published={site.last_update.published} />
            </>
          ) : (
            <span className="muted">Aucune</span>
          ),
      },
      {
        header: 'Avancement',
        sort: 'progress',
        cell: (site) =>
          site.last_update ? (
            <SiteProgress value={site.last_update.progress} label={`Avancement de ${site.project_title}`} />
          ) : (
            '—'
          ),
      },
      {
        header: 'Mises à jour',
        cell: (site) =>
          site.drafts_count > 0
            ? `${site.updates_count} (dont ${countOf(site.drafts_count, 'brouillon')})`
            : site.updates_count,
        className: 'num',
      },
      {
        header: 'Actions',
        // Posting is the site manager's (and the administrator's); the sales staff only read.
        access: 'sitesWrite',
        cell: (site) => (
          <RowLink className="btn btn-small" to={paths.adminSiteUpdateNew(site.id)}>
            Publier une mise à jour
          </RowLink>
        ),
      },
    ],
    [],
  );

  return (
    <PagedListScreen
      {...screen}
      title="Chantiers"
      lead="Les demandes approuvées et l’avancement de leurs chantiers, tel que les clients le suivent."
      search={{ label: 'Rechercher un chantier' }}
      empty={
        query.query.search === ''
          ? 'Aucune demande approuvée : un chantier apparaît ici quand sa demande passe au statut « Approuvé ».'
          : 'Aucun chantier ne correspond à votre recherche'
      }
      columns={columns}
      rowKey={rowKey}
    />
  );
}
