import { MULTIPLIER_CATEGORIES, type BulkPriceFilter, type BulkPriceResult } from '@desk/domain';
import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { Modal, ModalHeading } from '../../../components/ui/modal';
import { Banner } from '../../../components/ui/banner';
import { errorText } from '../../../components/ui/result-banner';
import { newIdempotencyKey } from '../../../lib/api-client';
import { formatMoneyCents, toCents } from '../../../lib/money';
import { bulkPrice, useBulkPrice, type BulkPriceRequest } from '../api/bulk-price';
import { useProductTypes } from '../api/list-product-types';
import { TableHead } from '../../../components/ui/table-head';
import { RadioChoices } from '../../../components/ui/radio-choices';

export interface BulkPriceModalProps {
  show: boolean;
  onClose: () => void;
  onExited?: () => void;
}

const NO_CATEGORY = '(none)';

interface Fields {
  productType: string;
  category: string;
  itemNoPrefix: string;
  description: string;
  by: 'percent' | 'amount';
  value: string;
}

const START: Fields = { productType: '', category: '', itemNoPrefix: '', description: '', by: 'percent', value: '' };

/** The request the fields describe, or what is wrong with them. */
function requestOf(f: Fields): BulkPriceRequest | string {
  const text = f.value
    .trim()
    .replace(/^\+/, '')
    .replace(/[$,%\s]/g, '');
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) {
    return f.by === 'percent' ? 'Enter the percentage, e.g. 4.5 or -10.' : 'Enter the amount, e.g. 2.50 or -1.';
  }
  if (n === 0) return 'A change of 0 changes nothing.';
  const filter: BulkPriceFilter = {};
  if (f.productType) filter.productType = Number(f.productType);
  if (f.category)
    filter.multiplierCategory =
      f.category === NO_CATEGORY ? null : (f.category as BulkPriceFilter['multiplierCategory']);
  if (f.itemNoPrefix.trim()) filter.itemNoPrefix = f.itemNoPrefix.trim();
  if (f.description.trim()) filter.description = f.description.trim();
  return { filter, change: f.by === 'percent' ? { percent: n } : { amountCents: toCents(n) } };
}

/**
 * Admin > Product Catalog > Bulk price change (docs/architecture.md section 2): choose the
 * products and the change, see the preview (how many, the first 20 from and to), then apply it.
 * Apply is offered only for the preview on screen: any edit asks for a new preview.
 */
export function BulkPriceModal({ show, onClose, onExited }: BulkPriceModalProps) {
  const types = useProductTypes();
  const apply = useBulkPrice();
  const [fields, setFields] = useState<Fields>(START);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [preview, setPreview] = useState<{ result: BulkPriceResult; req: BulkPriceRequest; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = previewing || apply.isPending;

  const set = (patch: Partial<Fields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setPreview(null);
    setInvalid(null);
    setDone(null);
  };

  async function handlePreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const req = requestOf(fields);
    if (typeof req === 'string') {
      setInvalid(req);
      return;
    }
    setError(null);
    setDone(null);
    setPreviewing(true);
    try {
      const { data } = await bulkPrice(req, true);
      setPreview({ result: data, req, key: newIdempotencyKey() });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPreviewing(false);
    }
  }

  function handleApply() {
    if (!preview || busy) return;
    setError(null);
    apply.mutate(
      { req: preview.req, key: preview.key },
      {
        onSuccess: ({ data, message }) => {
          setPreview(null);
          setDone(message || `${data.count} products changed`);
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  }

  const count = preview?.result.count ?? 0;

  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onExited}
      size="lg"
      backdrop={busy ? 'static' : true}
      aria-labelledby="bulk-price-title"
    >
      <ModalHeading id="bulk-price-title">Bulk price change</ModalHeading>
      <Form noValidate onSubmit={(e) => void handlePreview(e)}>
        <Modal.Body>
          <div aria-live="polite">
            {error && <Banner variant="danger" title={error} onClose={() => setError(null)} />}
            {done && <Banner variant="success" title={`${done}.`} onClose={() => setDone(null)} />}
          </div>
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">Which products (all of them when left empty)</legend>
            <Row className="g-2">
              <Form.Group as={Col} sm={6} controlId="bulk-price-type">
                <Form.Label>Product type</Form.Label>
                <Form.Select value={fields.productType} onChange={(e) => set({ productType: e.target.value })}>
                  <option value="">Any type</option>
                  {types.data?.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.type}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group as={Col} sm={6} controlId="bulk-price-category">
                <Form.Label>Multiplier category</Form.Label>
                <Form.Select value={fields.category} onChange={(e) => set({ category: e.target.value })}>
                  <option value="">Any category</option>
                  {MULTIPLIER_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                  <option value={NO_CATEGORY}>No category</option>
                </Form.Select>
              </Form.Group>
              <Form.Group as={Col} sm={6} controlId="bulk-price-prefix">
                <Form.Label>Item No starts with</Form.Label>
                <Form.Control
                  value={fields.itemNoPrefix}
                  maxLength={64}
                  onChange={(e) => set({ itemNoPrefix: e.target.value })}
                />
              </Form.Group>
              <Form.Group as={Col} sm={6} controlId="bulk-price-description">
                <Form.Label>Description contains</Form.Label>
                <Form.Control
                  value={fields.description}
                  maxLength={100}
                  onChange={(e) => set({ description: e.target.value })}
                />
              </Form.Group>
            </Row>
          </fieldset>
          <fieldset>
            <legend className="fs-6 fw-semibold">Change the wholesale price</legend>
            <div className="d-flex flex-wrap align-items-end gap-3">
              <div>
                <RadioChoices
                  inline
                  name="bulk-price-by"
                  value={fields.by}
                  onChange={(by) => set({ by })}
                  choices={[
                    { value: 'percent', label: 'By percent' },
                    { value: 'amount', label: 'By amount ($)' },
                  ]}
                />
              </div>
              <Form.Group controlId="bulk-price-value" style={{ width: '12rem' }}>
                <Form.Label>
                  {fields.by === 'percent' ? 'Percent (e.g. 4.5 or -10)' : 'Amount (e.g. 2.50 or -1)'}
                </Form.Label>
                <Form.Control
                  value={fields.value}
                  inputMode="decimal"
                  autoFocus
                  isInvalid={invalid !== null}
                  onChange={(e) => set({ value: e.target.value })}
                />
                <Form.Control.Feedback type="invalid">{invalid}</Form.Control.Feedback>
              </Form.Group>
              <Button type="submit" variant="outline-primary" disabled={busy}>
                {previewing && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Preview
              </Button>
            </div>
            <Form.Text muted>Prices are rounded to the cent, halves away from zero.</Form.Text>
          </fieldset>
          {preview && (
            <section className="mt-3" aria-labelledby="bulk-price-preview-title">
              <h3 id="bulk-price-preview-title" className="fs-6 fw-semibold" role="status">
                {count === 0
                  ? 'No product matches these conditions.'
                  : `${count} ${count === 1 ? 'product' : 'products'} would change${count > preview.result.sample.length ? ` (the first ${preview.result.sample.length} by item number below)` : ''}.`}
              </h3>
              {count > 0 && (
                <Table size="sm" className="mb-0">
                  <caption className="visually-hidden">Preview of the bulk price change</caption>
                  <TableHead
                    columns={[
                      'Item No',
                      { label: 'Now', className: 'text-end' },
                      { label: 'After', className: 'text-end' },
                    ]}
                  />
                  <tbody>
                    {preview.result.sample.map((r) => (
                      <tr key={r.id}>
                        <td>{r.itemNo}</td>
                        <td className="text-end tabular-nums">{formatMoneyCents(r.fromCents)}</td>
                        <td className="text-end tabular-nums fw-semibold">{formatMoneyCents(r.toCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </section>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="primary" onClick={handleApply} disabled={!preview || count === 0 || busy}>
            {apply.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {preview && count > 0 ? `Apply to ${count} ${count === 1 ? 'product' : 'products'}` : 'Apply'}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Close
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
