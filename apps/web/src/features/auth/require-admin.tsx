import { APP_PATHS } from '@desk/domain';
import type { ReactNode } from 'react';
import { Navigate } from '../../lib/navigation';
import { Loading } from '../../components/ui/loading';
import { hasAdminRole, useUserRoles } from './api/get-user-roles';

/** Admin screens are for ROLE_ADMIN only; everyone else lands on /sales (docs/product.md section 6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const roles = useUserRoles();
  if (roles.isPending) return <Loading />;
  if (!hasAdminRole(roles.data)) return <Navigate to={APP_PATHS.sales} replace />;
  return children;
}
