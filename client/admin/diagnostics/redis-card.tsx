import { ServiceCheckCard } from './service-check-card';

/**
 * The Redis card of the system diagnostic: the state several instances share (rate limits,
 * emptying of the page caches; docs/decisions/0022-shared-state-in-redis.md), joined on
 * demand (GET /api/diagnostic/redis, server/features/diagnostics/redis-check.ts).
 */
export function RedisCard() {
  return (
    <ServiceCheckCard
      path="/diagnostic/redis"
      texts={{
        title: 'État partagé (Redis)',
        button: 'Tester Redis',
        idle: 'Cliquez sur « Tester Redis » pour vérifier l’état partagé des instances.',
        loading: 'Connexion à Redis...',
        failure: 'Impossible de récupérer le diagnostic Redis',
      }}
    />
  );
}
