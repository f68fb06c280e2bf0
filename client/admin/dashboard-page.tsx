import { useEffect, useState } from 'react';
import { api } from '../lib/api-client';
import { storedToken } from './session-storage';

interface Stats {
  active_projects: number;
  products: number;
  offers: number;
  submissions: number;
}

/** 'Tableau de Bord' (spec section 2). Stats errors are silently ignored, as the spec says. */
export function Component() {
  const [stats, setStats] = useState<Stats | null>(null);

  useEffect(() => {
    api<Stats>('/admin/stats', { token: storedToken() })
      .then(setStats)
      .catch(() => undefined);
  }, []);

  const cards = [
    { label: 'Projets actifs', value: stats?.active_projects },
    { label: 'Produits', value: stats?.products },
    { label: 'Offres', value: stats?.offers },
    { label: 'Soumissions', value: stats?.submissions },
  ];
  return (
    <section>
      <h1>Tableau de Bord</h1>
      <div className="stat-grid">
        {cards.map((card) => (
          <article key={card.label} className="stat-card">
            <h2>{card.label}</h2>
            <p>{card.value ?? '—'}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
