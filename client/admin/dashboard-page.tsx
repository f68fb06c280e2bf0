import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminStats } from '#shared/types';
import { paths } from '#shared/paths';
import { adminApi } from './kit/admin-api';
import { PageHeader } from './kit/page-header';

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

/** The inbox's card: '3 messages non lus', '1 message non lu', 'Aucun message non lu'. */
export function unreadSentence(count: number): string {
  if (count === 0) return 'Aucun message non lu';
  return count === 1 ? '1 message non lu' : `${count} messages non lus`;
}

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
      <section aria-label="Statistiques" className="stat-grid">
        {cards.map((card) => (
          <article key={card.label} className="stat-card">
            <h2>{card.label}</h2>
            <p className="stat-value">{card.value ?? '—'}</p>
          </article>
        ))}
        <article className="stat-card">
          <h2>Messages</h2>
          <p className="stat-messages">
            <Link to={`${paths.adminMessages}?status=unread`}>
              {stats ? unreadSentence(stats.unread_messages) : '—'}
            </Link>
          </p>
        </article>
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
