import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminStats } from '#shared/types';
import { paths } from '#shared/paths';
import { adminApi } from './kit/admin-api';
import { PageHeader } from './kit/page-header';
import { countOf } from '#shared/plural';

const QUICK_ACTIONS = [
  { to: paths.adminProjectNew, label: 'Nouveau projet' },
  { to: paths.adminProductNew, label: 'Nouveau produit' },
  { to: paths.adminOfferNew, label: 'Nouvelle offre' },
  { to: paths.adminCategoryNew, label: 'Nouvelle catégorie' },
  { to: paths.adminPromotionNew, label: 'Nouvelle promotion' },
];

const MANAGEMENT: { to: string; label: string; count: keyof AdminStats }[] = [
  { to: paths.adminProjects, label: 'Projets', count: 'projects' },
  { to: paths.adminProducts, label: 'Produits', count: 'products' },
  { to: paths.adminOffers, label: 'Offres', count: 'offers' },
  { to: paths.adminPromotions, label: 'Promotions', count: 'promotions' },
  { to: paths.adminCategories, label: 'Catégories', count: 'categories' },
  { to: paths.adminSubmissions, label: 'Soumissions de projets', count: 'submissions' },
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

/**
 * What waits for the staff, first on the dashboard (product rules, Back office):
 * each line a link to its screen already filtered on those rows.
 */
const WAITING: { to: string; count: keyof AdminStats; sentence: (count: number) => string }[] = [
  { to: `${paths.adminSubmissions}?status=new`, count: 'new_submissions', sentence: newSubmissionsSentence },
  { to: `${paths.adminMessages}?status=unread`, count: 'unread_messages', sentence: unreadSentence },
  { to: `${paths.adminOutbox}?statut=failed`, count: 'failed_mails', sentence: failedMailsSentence },
];

/** 'Tableau de Bord' (product rules, Pages and routes). Stats errors are silently ignored, as the product rules say. */
export function Component() {
  const [stats, setStats] = useState<AdminStats | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    adminApi<AdminStats>('/admin/stats', { signal: controller.signal })
      .then(setStats)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const cards = [
    { label: 'Projets actifs', value: stats?.active_projects },
    { label: 'Produits', value: stats?.products },
    { label: 'Offres', value: stats?.offers },
    { label: 'Soumissions', value: stats?.submissions },
  ];
  return (
    <>
      <PageHeader title="Tableau de Bord" lead="Vue d’ensemble de votre activité." />
      <section className="admin-panel waiting-panel" aria-labelledby="waiting">
        <h2 id="waiting">À traiter</h2>
        {stats ? (
          <ul className="waiting-list">
            {WAITING.map((line) => {
              // A count the role may not read is absent from the answer: no line for it.
              const count = stats[line.count];
              if (count === undefined) return null;
              return (
                <li key={line.count} className={count > 0 ? 'is-waiting' : undefined}>
                  <Link to={line.to}>{line.sentence(count)}</Link>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="muted">—</p>
        )}
      </section>
      <section aria-label="Statistiques" className="stat-grid admin-section">
        {cards.map((card) => (
          <article key={card.label} className="stat-card">
            <h2>{card.label}</h2>
            <p className="stat-value">{card.value ?? '—'}</p>
          </article>
        ))}
      </section>
      <section className="admin-section" aria-labelledby="quick-actions">
        <h2 id="quick-actions">Actions rapides</h2>
        <ul className="quick-actions">
          {QUICK_ACTIONS.map((action) => (
            <li key={action.to}>
              <Link className="btn btn-outline" to={action.to}>
                {action.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="admin-section" aria-labelledby="management">
        <h2 id="management">Gestion</h2>
        <ul className="management-grid">
          {MANAGEMENT.map((card) => (
            <li key={card.to}>
              <Link className="management-card" to={card.to}>
                <span className="management-label">{card.label}</span>
                <span className="management-count">{stats ? stats[card.count] : '—'}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
