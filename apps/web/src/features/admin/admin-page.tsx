import { PageCard } from '../../components/ui/page-card';
import { UrlTabs } from '../../components/ui/url-tabs';
import { AddUsersTab } from './add-users-tab';
import { CompanyTab } from './company-tab';
import { EmailManagementTab } from './email-management-tab';
import { ModifyPasswordTab } from './modify-password-tab';
import { ProductCatalogTab } from './product-catalog-tab';
import { SecurityTab } from './security-tab';
import { UsersListTab } from './users-list-tab';

const ADMIN_TABS = [
  { key: 'products', title: 'Product Catalog', content: <ProductCatalogTab /> },
  { key: 'email', title: 'Email Management', content: <EmailManagementTab /> },
  { key: 'company', title: 'Company', content: <CompanyTab /> },
  { key: 'password', title: 'Modify Password', content: <ModifyPasswordTab /> },
  { key: 'add-users', title: 'Add Users', content: <AddUsersTab /> },
  { key: 'users', title: 'Users List / Remove', content: <UsersListTab /> },
  { key: 'security', title: 'Security', content: <SecurityTab /> },
];

/** Admin home, for ROLE_ADMIN only (the route guard sees to that). */
export function AdminPage() {
  return (
    <PageCard title="Admin">
      <UrlTabs id="admin-tabs" tabs={ADMIN_TABS} />
    </PageCard>
  );
}
