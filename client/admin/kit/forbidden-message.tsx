import { Link } from 'react-router-dom';
import { paths } from '#shared/paths';
import { FORBIDDEN_MESSAGE } from '#shared/roles';

/**
 * The refusal shown inside the layout, in place of a screen the signed-in role may not open
 * (docs/product-rules.md, "Roles and access"): the server's own sentence and the way back
 * to the dashboard, which every role may open (no redirect, so no loop).
 */
export function ForbiddenMessage() {
  return (
    <section className="admin-panel forbidden" aria-labelledby="forbidden-title">
      <h1 id="forbidden-title">Accès refusé</h1>
      <p role="alert">{FORBIDDEN_MESSAGE}</p>
      <p>
        <Link to={paths.adminDashboard}>Retour au tableau de bord</Link>
      </p>
    </section>
  );
}
