import type { Address, Customer } from '@desk/domain';
import type { ReactNode } from 'react';
import { Col, Row } from 'react-bootstrap';

const blank = <span className="text-body-tertiary">—</span>;

function AddressLines({ address }: { address: Address }) {
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  if (!address.street && !cityLine) return blank;
  return (
    <address className="mb-0">
      {address.street && <div>{address.street}</div>}
      {cityLine && <div>{cityLine}</div>}
    </address>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="customer-details-item mb-2">
      <dt className="small text-secondary fw-normal">{term}</dt>
      <dd className="mb-0 text-break">{children ?? blank}</dd>
    </div>
  );
}

const value = (v: string | null) => (v && v.trim() !== '' ? v : null);

/** The expanded row of the customer list (docs/product.md section 2, "Customer list"). */
export function CustomerDetails({ customer }: { customer: Customer }) {
  const email = value(customer.email);
  const phone = value(customer.phone);
  const mobile = value(customer.mobilePhone);
  return (
    // One description list per column (div groups of dt and dd directly inside each dl).
    <Row role="group" className="g-3 mb-0" aria-label={`Details of ${customer.name}`}>
      <Col as="dl" sm={6} lg={3} className="mb-0">
        <Item term="Street Address">
          <AddressLines address={customer.streetAddress} />
        </Item>
        <Item term="Ship To">
          <AddressLines address={customer.shipTo} />
        </Item>
      </Col>
      <Col as="dl" sm={6} lg={3} className="mb-0">
        <Item term="E-mail">{email && <a href={`mailto:${email}`}>{email}</a>}</Item>
        <Item term="Phone">{phone && <a href={`tel:${phone}`}>{phone}</a>}</Item>
        <Item term="Fax">{value(customer.fax)}</Item>
        <Item term="Mobile Phone">{mobile && <a href={`tel:${mobile}`}>{mobile}</a>}</Item>
        <Item term="Ready E-mail">{customer.readyForPickupEmail ? 'Yes' : 'Opted out'}</Item>
      </Col>
      <Col as="dl" sm={6} lg={3} className="mb-0">
        <Item term="Special Needs">{value(customer.specialNeeds)}</Item>
        <Item term="Special Instructions">{value(customer.specialInstructions)}</Item>
      </Col>
      <Col as="dl" sm={6} lg={3} className="mb-0">
        <Item term="Tax Code">{value(customer.taxCode)}</Item>
        <Item term="Terms Code">{value(customer.termsCode)}</Item>
      </Col>
    </Row>
  );
}
