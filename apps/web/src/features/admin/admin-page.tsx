import { TabsPage } from '../../components/ui/url-tabs';
import { lazyWithLoading } from '../../components/ui/loading';

// Each tab is its own chunk, loaded when opened (the product editor's libraries stay out of the others).
const ProductCatalogTab = lazyWithLoading(() => import('./product-catalog-tab').then((m) => m.ProductCatalogTab));
const EmailManagementTab = lazyWithLoading(() => import('./email-management-tab').then((m) => m.EmailManagementTab));
const CompanyTab = lazyWithLoading(() => import('./company-tab').then((m) => m.CompanyTab));
const ModifyPasswordTab = lazyWithLoading(() => import('./modify-password-tab').then((m) => m.ModifyPasswordTab));
const AddUsersTab = lazyWithLoading(() => import('./add-users-tab').then((m) => m.AddUsersTab));
const UsersListTab = lazyWithLoading(() => import('./users-list-tab').then((m) => m.UsersListTab));
const ImportTab = lazyWithLoading(() => import('./import-tab').then((m) => m.ImportTab));
const SecurityTab = lazyWithLoading(() => import('./security-tab').then((m) => m.SecurityTab));

const ADMIN_TABS = [
  { key: 'products', title: 'Product Catalog', content: <ProductCatalogTab /> },
  { key: 'import', title: 'Import', content: <ImportTab /> },
  { key: 'email', title: 'Email Management', content: <EmailManagementTab /> },
  { key: 'company', title: 'Company', content: <CompanyTab /> },
  { key: 'password', title: 'Modify Password', content: <ModifyPasswordTab /> },
  { key: 'add-users', title: 'Add Users', content: <AddUsersTab /> },
  { key: 'users', title: 'Users List / Remove', content: <UsersListTab /> },
  { key: 'security', title: 'Security', content: <SecurityTab /> },
];

/** Admin home, for ROLE_ADMIN only (the route guard sees to that). */
export function AdminPage() {
  return <TabsPage title="Admin" id="admin-tabs" tabs={ADMIN_TABS} />;
}
