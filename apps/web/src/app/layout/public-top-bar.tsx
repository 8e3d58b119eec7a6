import { useCompanyName } from '../../features/config/api/get-public-config';

/** The plain top bar of the signed-out pages: the company name, no navigation. */
export function PublicTopBar() {
  const companyName = useCompanyName();
  return (
    <header className="public-top-bar bg-dark text-white">
      <div className="app-container container-fluid">
        <span className="public-top-bar-name">{companyName || '\u00a0'}</span>
      </div>
    </header>
  );
}
