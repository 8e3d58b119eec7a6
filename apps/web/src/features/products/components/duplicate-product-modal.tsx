import { DUPLICATE_SUFFIX, duplicateProductSchema, type Product } from '@desk/domain';
import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Modal, ModalHeading } from '../../../components/ui/modal';
import { errorText, ResultBanner, type SaveResult } from '../../../components/ui/result-banner';
import { useDuplicateProduct } from '../api/duplicate-product';

export interface DuplicateProductModalProps {
  show: boolean;
  source: Product;
  onClose: () => void;
  onExited?: () => void;
  /** Called with the copy; the catalogue then opens it in the editor. */
  onDuplicated: (copy: Product) => void;
}

/**
 * Copies a product with its associated parts and modifiers under a new item number, prefilled
 * with the original's plus ' - copy' (docs/product.md sections 2 and 4).
 */
export function DuplicateProductModal({ show, source, onClose, onExited, onDuplicated }: DuplicateProductModalProps) {
  const [itemNo, setItemNo] = useState(source.itemNo + DUPLICATE_SUFFIX);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [result, setResult] = useState<SaveResult | null>(null);
  const duplicate = useDuplicateProduct();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (duplicate.isPending) return;
    const parsed = duplicateProductSchema.safeParse({ itemNo });
    if (!parsed.success) {
      setInvalid(`Item No ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
      return;
    }
    setResult(null);
    duplicate.mutate(
      { id: source.id, itemNo: parsed.data.itemNo },
      {
        onSuccess: (copy) => onDuplicated(copy),
        onError: (error) => setResult({ kind: 'create-failed', error: errorText(error) }),
      },
    );
  }

  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onExited}
      centered
      backdrop={duplicate.isPending ? 'static' : true}
      aria-labelledby="duplicate-product-title"
    >
      <ModalHeading id="duplicate-product-title">Duplicate Product</ModalHeading>
      <Form noValidate onSubmit={handleSubmit}>
        <Modal.Body>
          <div aria-live="polite">
            <ResultBanner result={result} onClose={() => setResult(null)} />
          </div>
          <Form.Group as={Row} className="mb-2" controlId="duplicate-product-id">
            <Form.Label column sm={3}>
              Product ID
            </Form.Label>
            <Col sm={9}>
              <Form.Control plaintext readOnly value={String(source.id)} aria-describedby="duplicate-product-source" />
              <Form.Text id="duplicate-product-source" muted>
                {source.itemNo}
                {source.itemDescription ? ` - ${source.itemDescription}` : ''}
              </Form.Text>
            </Col>
          </Form.Group>
          <Form.Group as={Row} controlId="duplicate-product-itemNo">
            <Form.Label column sm={3}>
              Item No
            </Form.Label>
            <Col sm={9}>
              <Form.Control
                value={itemNo}
                maxLength={64}
                autoFocus
                isInvalid={invalid !== null}
                onChange={(event) => {
                  setItemNo(event.target.value);
                  setInvalid(null);
                }}
              />
              <Form.Control.Feedback type="invalid">{invalid}</Form.Control.Feedback>
              <Form.Text muted>The copy includes the associated parts and package modifiers.</Form.Text>
            </Col>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button type="submit" variant="primary" disabled={duplicate.isPending}>
            {duplicate.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Duplicate
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={duplicate.isPending}>
            Close
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
