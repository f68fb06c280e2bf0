import { Navigate } from 'react-router-dom';
import { paths } from '../lib/paths';

export function Component() {
  return <Navigate to={paths.adminDashboard} replace />;
}
