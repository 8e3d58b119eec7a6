import { EmptyTable } from '../../components/ui/empty-table';

/** Users and their removal (SPEC.md section 2, "Admin home" 5); built by the user-management issue. */
export function UsersListTab() {
  return <EmptyTable caption="Users" columns={['Username', 'Authorities', 'Actions']} />;
}
