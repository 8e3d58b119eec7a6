import { PageCard } from '../../components/ui/page-card';
import { useSession } from '../auth/api/get-session';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import './account.css';

/** The signed-in user's own security: two-factor sign-in and the sessions they have open. */
export function AccountPage() {
  const username = useSession().data?.username;
  return (
    <PageCard title="Account">
      {username && (
        <p className="text-body-secondary mb-4">
          Signed in as <span className="fw-semibold text-body">{username}</span>.
        </p>
      )}
      <TwoFactorSection />
      <hr className="my-4" />
      <SessionsSection />
    </PageCard>
  );
}
