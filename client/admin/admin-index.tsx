import { Navigate } from 'react-router-dom';
import { paths } from '#shared/paths';

export function Component() {
  return <Navigate to={paths.adminDashboard} replace />;
}
