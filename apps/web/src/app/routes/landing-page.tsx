import { Button, Card } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { useCompanyName } from '../../features/config/api/get-public-config';
import { PublicTopBar } from '../layout/public-top-bar';

export const TAGLINE = 'Your one stop shop for garage doors';

export function LandingPage() {
  const companyName = useCompanyName();
  const navigate = useNavigate();

  return (
    <>
      <PublicTopBar />
      <main className="public-page">
        <Card className="page-card welcome-card text-center">
          <Card.Body className="p-4 p-md-5">
            <h1 className="h3 mb-3">{companyName ? `Welcome to ${companyName}` : 'Welcome'}</h1>
            <p className="lead text-secondary mb-4">{TAGLINE}</p>
            <Button variant="primary" size="lg" className="px-5" onClick={() => void navigate('/login')}>
              Login
            </Button>
          </Card.Body>
        </Card>
      </main>
    </>
  );
}
