import { PageCard } from '../../components/ui/page-card';
import { UrlTabs } from '../../components/ui/url-tabs';
import { Loading } from '../../components/ui/loading';
import { lazyComponent } from '../../lib/lazy-component';

// Each tab is its own chunk, loaded when opened (the product editor's libraries stay out of the others).
const ProductCatalogTab = lazyComponent(
  () => import('./product-catalog-tab').then((m) => m.ProductCatalogTab),
  <Loading />,
);
const EmailManagementTab = lazyComponent(
  () => import('./email-management-tab').then((m) => m.EmailManagementTab),
  <Loading />,
);
const CompanyTab = lazyComponent(() => import('./company-tab').then((m) => m.CompanyTab), <Loading />);
const ModifyPasswordTab = lazyComponent(
  () => import('./modify-password-tab').then((m) => m.ModifyPasswordTab),
  <Loading />,
);
const AddUsersTab = lazyComponent(() => import('./add-users-tab').then((m) => m.AddUsersTab), <Loading />);
const UsersListTab = lazyComponent(() => import('./users-list-tab').then((m) => m.UsersListTab), <Loading />);
const ImportTab = lazyComponent(() => import('./import-tab').then((m) => m.ImportTab), <Loading />);
const SecurityTab = lazyComponent(() => import('./security-tab').then((m) => m.SecurityTab), <Loading />);

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
  return (
    <PageCard title="Admin">
      <UrlTabs id="admin-tabs" tabs={ADMIN_TABS} />
    </PageCard>
  );
}
