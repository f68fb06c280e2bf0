import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminCount, AdminStats } from '#shared/types';
import { paths } from '#shared/paths';
import { can, type Access } from '#shared/roles';
import { adminApi } from './kit/admin-api';
import { useSession } from './kit/session';
import { PageHeader } from './kit/page-header';
import { countOf } from '#shared/plural';
import { AudienceCard } from './statistics/audience-card';

/**
 * The server sends each role only its counts (docs/product-rules.md, "Roles and access"):
 * every field may be missing. Each card, line and shortcut names the access of its screen;
 * a role sees only its own.
 */
type Stats = Partial<AdminStats>;

const QUICK_ACTIONS: { to: string; label: string; access: Access }[] = [
  { to: paths.adminProjectNew, label: 'Nouveau projet', access: 'catalogue' },
  { to: paths.adminProductNew, label: 'Nouveau produit', access: 'catalogue' },
  { to: paths.adminOfferNew, label: 'Nouvelle offre', access: 'catalogue' },
  { to: paths.adminCategoryNew, label: 'Nouvelle catégorie', access: 'catalogue' },
  { to: paths.adminPromotionNew, label: 'Nouvelle promotion', access: 'catalogue' },
];

const MANAGEMENT: { to: string; label: string; count?: AdminCount; access: Access }[] = [
  { to: paths.adminProjects, label: 'Projets', count: 'projects', access: 'catalogueRead' },
  { to: paths.adminProducts, label: 'Produits', count: 'products', access: 'catalogueRead' },
  { to: paths.adminOffers, label: 'Offres', count: 'offers', access: 'catalogueRead' },
  { to: paths.adminPromotions, label: 'Promotions', count: 'promotions', access: 'catalogueRead' },
  { to: paths.adminCategories, label: 'Catégories', count: 'categories', access: 'catalogueRead' },
  { to: paths.adminSubmissions, label: 'Soumissions de projets', count: 'submissions', access: 'leads' },
  // The site manager's one screen: a shortcut without a count for a role that has no other.
  { to: paths.adminSites, label: 'Chantiers', access: 'sites' },
];

const CARDS: { label: string; count: AdminCount; access: Access }[] = [
  { label: 'Projets actifs', count: 'active_projects', access: 'catalogueRead' },
  { label: 'Produits', count: 'products', access: 'catalogueRead' },
  { label: 'Offres', count: 'offers', access: 'catalogueRead' },
  { label: 'Soumissions', count: 'submissions', access: 'leads' },
];

/** 'Aucune nouvelle soumission à traiter', '1 nouvelle soumission à traiter', '2 nouvelles soumissions à traiter'. */
export function newSubmissionsSentence(count: number): string {
  if (count === 0) return 'Aucune nouvelle soumission à traiter';
  return `${countOf(count, 'nouvelle soumission', 'nouvelles soumissions')} à traiter`;
}

/** The inbox's line: '3 messages non lus', '1 message non lu', 'Aucun message non lu'. */
export function unreadSentence(count: number): string {
  if (count === 0) return 'Aucun message non lu';
  return countOf(count, 'message non lu', 'messages non lus');
}

/** The outbox's line: 'Aucun courriel en échec', '1 courriel en échec', '2 courriels en échec'. */
export function failedMailsSentence(count: number): string {
  if (count === 0) return 'Aucun courriel en échec';
  return `${countOf(count, 'courriel')} en échec`;
}

/** Mail not sent yet: 'Aucun courriel en attente d’envoi', '1 courriel en attente d’envoi', '20 courriels en attente d’envoi'. */
export function waitingMailsSentence(count: number): string {
  if (count === 0) return 'Aucun courriel en attente d’envoi';
  return `${countOf(count, 'courriel')} en attente d’envoi`;
}

/** Said on the dashboard while SMTP_URL is not set: nothing leaves, and nothing counts as failed. */
export const SMTP_MISSING_WARNING =
  'Les courriels ne partent pas : aucun serveur d’envoi n’est configuré (SMTP_URL). Ils attendent dans la file, liens de suivi des clients compris.';

/**
 * What waits for the staff, first on the dashboard (product rules, Back office):
 * each line a link to its screen already filtered on those rows.
 */
const WAITING: {
  to: string;
  count: AdminCount;
  sentence: (count: number) => string;
  access: Access;
}[] = [
  {
    to: `${paths.adminSubmissions}?status=new`,
    count: 'new_submissions',
    sentence: newSubmissionsSentence,
    access: 'leads',
  },
  {
    to: `${paths.adminMessages}?status=unread`,
    count: 'unread_messages',
    sentence: unreadSentence,
    access: 'leads',
  },
  {
    to: `${paths.adminOutbox}?statut=failed`,
    count: 'failed_mails',
    sentence: failedMailsSentence,
    access: 'operator',
  },
  {
    to: `${paths.adminOutbox}?statut=pending`,
    count: 'waiting_mails',
    sentence: waitingMailsSentence,
    access: 'operator',
  },
];

/** The entries `role` may open. */
function allowedFor<E extends { access: Access }>(entries: readonly E[], role: string | null): E[] {
  return entries.filter((entry) => can(role, entry.access));
}

/** 'Tableau de Bord' (product rules, Pages and routes). Stats errors are silently ignored, as the product rules say. */
export function Component() {
  const [stats, setStats] = useState<Stats | null>(null);
  const session = useSession();
  const role = session.status === 'authenticated' ? session.user.role : null;

  useEffect(() => {
    const controller = new AbortController();
    // A background call: a refused count leaves the dashboard as it is (every role opens it).
    adminApi<Stats>('/admin/stats', { signal: controller.signal, background: true })
      .then(setStats)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const waiting = allowedFor(WAITING, role);
  const cards = allowedFor(CARDS, role);
  const actions = allowedFor(QUICK_ACTIONS, role);
  const management = allowedFor(MANAGEMENT, role);
  const countOfCard = (count: AdminCount | undefined) => (count ? stats?.[count] : undefined);
  return (
    <>
      <PageHeader title="Tableau de Bord" lead="Vue d’ensemble de votre activité." />
      {stats?.smtp_configured === false && (
        <p className="admin-panel smtp-warning" role="alert">
          {SMTP_MISSING_WARNING}{' '}
          <Link to={`${paths.adminImageDiagnostic}?onglet=systeme`}>Voir le diagnostic SMTP</Link>
        </p>
      )}
      {waiting.length > 0 && (
        <section className="admin-panel waiting-panel" aria-labelledby="waiting">
          <h2 id="waiting">À traiter</h2>
          {stats ? (
            <ul className="waiting-list">
              {waiting.map((line) => {
                const value = stats[line.count];
                return value === undefined ? null : (
                  <li key={line.count} className={value > 0 ? 'is-waiting' : undefined}>
                    <Link to={line.to}>{line.sentence(value)}</Link>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="muted">—</p>
          )}
        </section>
      )}
      {cards.length > 0 && (
        <section aria-label="Statistiques" className="stat-grid admin-section">
          {cards.map((card) => (
            <article key={card.label} className="stat-card">
              <h2>{card.label}</h2>
              <p className="stat-value">{stats?.[card.count] ?? '—'}</p>
            </article>
          ))}
        </section>
      )}
      {can(role, 'statistics') && <AudienceCard />}
      {actions.length > 0 && (
        <section className="admin-section" aria-labelledby="quick-actions">
          <h2 id="quick-actions">Actions rapides</h2>
          <ul className="quick-actions">
            {actions.map((action) => (
              <li key={action.to}>
                <Link className="btn btn-outline" to={action.to}>
                  {action.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="admin-section" aria-labelledby="management">
        <h2 id="management">Gestion</h2>
        <ul className="management-grid">
          {management.map((card) => (
            <li key={card.to}>
              <Link className="management-card" to={card.to}>
                <span className="management-label">{card.label}</span>
                {card.count && <span className="management-count">{countOfCard(card.count) ?? '—'}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
