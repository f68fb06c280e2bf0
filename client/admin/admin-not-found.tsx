import { Link } from 'react-router-dom';
import { paths } from '#shared/paths';

export function Component() {
  return (
    <section>
      <h1>Page introuvable</h1>
      <Link to={paths.adminDashboard}>Retour au tableau de bord</Link>
    </section>
  );
}
