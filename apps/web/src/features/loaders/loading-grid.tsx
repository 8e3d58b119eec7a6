import { BAY_IDS } from '@desk/domain';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { EmptyTable } from '../../components/ui/empty-table';

export interface LoadingGridProps {
  /** Customer ids ticked for completion, one per bay. */
  selectedCustomerIds: ReadonlySet<number>;
  onToggleCustomer: (customerId: number) => void;
}

/**
 * Eight loading bays, four per row (SPEC.md section 2, "Loaders home"). Bay contents are loaded
 * by the loading-bays issue; until then each bay is empty, so its checkbox stays disabled.
 */
export function LoadingGrid(_props: LoadingGridProps) {
  return (
    <Row xs={1} md={2} xl={4} className="g-3">
      {BAY_IDS.map((bayId) => (
        <Col key={bayId}>
          <Card className="h-100 bay-card">
            <Card.Header className="d-flex align-items-center justify-content-between">
              <h2 className="h6 mb-0">Loading Bay {bayId}</h2>
              <Form.Check
                type="checkbox"
                id={`bay-${bayId}-complete`}
                label="Complete Order"
                disabled
                className="mb-0 small"
              />
            </Card.Header>
            <Card.Body className="p-2">
              <EmptyTable
                caption={`Loading Bay ${bayId}`}
                columns={['Quantity', 'Item No', 'Item Description']}
                message="No data available for this bay"
              />
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
