import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { businessToday } from '#shared/calendar';
import { paths } from '#shared/paths';
import type { ConversionsAnswer, TrafficAnswer } from '#shared/statistics';
import { lastDays } from '#shared/stats-period';
import { adminApi } from '#client/admin/kit';
import { formatCount } from './stats-format';

/**
 * The dashboard's 'Fréquentation (7 derniers jours)' (docs/product-rules.md, "The
 * statistics screen"), for the roles with the statistics access: four figures and the way
 * to the screen. Without the chart: uPlot stays in the statistics screen's chunk.
 */
interface Week {
  views: number;
  visitors: number;
  orders: number;
  requests: number;
}

export function AudienceCard() {
  const [week, setWeek] = useState<Week | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams(lastDays(businessToday(), 7)).toString();
    const options = { signal: controller.signal, background: true };
    // A background call, as the dashboard's counts: a failure leaves dashes.
    Promise.all([
      adminApi<TrafficAnswer>(`/admin/stats/traffic?${query}`, options),
      adminApi<ConversionsAnswer>(`/admin/stats/conversions?${query}`, options),
    ])
      .then(([traffic, conversions]) =>
        setWeek({
          views: traffic.totals.views,
          visitors: traffic.totals.visitors,
          orders: conversions.funnel.whatsapp_orders,
          requests: conversions.requests,
        }),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  const figure = (value: number | undefined) => (value === undefined ? '—' : formatCount(value));
  return (
    <section className="admin-panel audience-card admin-section" aria-labelledby="audience">
      <h2 id="audience">Fréquentation (7 derniers jours)</h2>
      <dl className="audience-figures">
        <div>
          <dt>Pages vues</dt>
          <dd>{figure(week?.views)}</dd>
        </div>
        <div>
          <dt>Visiteurs</dt>
          <dd>{figure(week?.visitors)}</dd>
        </div>
        <div>
          <dt>Commandes WhatsApp</dt>
          <dd>{figure(week?.orders)}</dd>
        </div>
        <div>
          <dt>Demandes de projet</dt>
          <dd>{figure(week?.requests)}</dd>
        </div>
      </dl>
      <Link to={`${paths.adminStatistics}?jours=7`}>Voir les statistiques</Link>
    </section>
  );
}
