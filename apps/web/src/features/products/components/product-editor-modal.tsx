import {
  isPackageType,
  MULTIPLIER_CATEGORIES,
  productInputSchema,
  type Product,
  type ProductInput,
  type ProductType,
} from '@desk/domain';
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Accordion, Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Modal } from '../../../components/ui/modal';
import { Banner } from '../../../components/ui/banner';
import { Loading } from '../../../components/ui/loading';
import { errorText, type SaveResult } from '../../../components/ui/result-banner';
import { sameValues } from '../../../components/ui/same-values';
import { useToast } from '../../../components/ui/toaster';
import { useDiscardGuard } from '../../../components/ui/use-discard-guard';
import { useFocusFirstField, useKeepFocusAfterSave } from '../../../components/ui/use-editor-focus';
import { formatMoneyInput } from '../../../lib/money';
import { useCreateProduct } from '../api/create-product';
import { useProduct } from '../api/get-product';
import { useProductTypes } from '../api/list-product-types';
import { useUpdateProduct } from '../api/update-product';
import { AssociatedPartsList } from './associated-parts-list';
import { PackageModifiersPanel } from './package-modifiers-panel';
import { EditorSection } from '../../../components/editor-section';

export const PACKAGE_TYPE_WARNING = 'This section requires Product Type be assigned as a Package.';
export const PRODUCT_CREATED_WARNING = 'This section requires the product to be created.';

const FORM_ID = 'product-editor-form';

/** The form's values as typed; numbers stay text until the schema reads them. */
export interface ProductFormValues {
  itemNo: string;
  itemDescription: string;
  wholesalePrice: string;
  productTypeId: string;
  multiplierCategory: string;
  modifierCostIncrease: string;
  windowsData: string;
  windowDescription: string;
  insertsData: string;
  insertDescription: string;
  /** The version loaded, sent back on update so a stale save is refused (409). */
  version?: number;
}

type FieldName = Exclude<keyof ProductFormValues, 'version'>;
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY_VALUES: ProductFormValues = {
  itemNo: '',
  itemDescription: '',
  wholesalePrice: '',
  productTypeId: '',
  multiplierCategory: '',
  modifierCostIncrease: '',
  windowsData: '',
  windowDescription: '',
  insertsData: '',
  insertDescription: '',
};

const FIELD_LABELS: Record<FieldName, string> = {
  itemNo: 'Item No',
  itemDescription: 'Item Description',
  wholesalePrice: 'Wholesale Price',
  productTypeId: 'Product Type',
  multiplierCategory: 'Multiplier Category',
  modifierCostIncrease: 'Modifier Cost Increase',
  windowsData: 'Windows Data',
  windowDescription: 'Window Description',
  insertsData: 'Inserts Data',
  insertDescription: 'Insert Description',
};

/** Schema field -> form field, where the two names differ. */
const SCHEMA_TO_FIELD: Record<string, FieldName> = { productType: 'productTypeId' };

function toFormValues(p: Product): ProductFormValues {
  return {
    itemNo: p.itemNo,
    itemDescription: p.itemDescription ?? '',
    wholesalePrice: formatMoneyInput(p.wholesalePrice),
    productTypeId: p.productType ? String(p.productType.id) : '',
    multiplierCategory: p.multiplierCategory ?? '',
    modifierCostIncrease: formatMoneyInput(p.modifierCostIncrease),
    windowsData: p.windowsData ?? '',
    windowDescription: p.windowDescription ?? '',
    insertsData: p.insertsData ?? '',
    insertDescription: p.insertDescription ?? '',
    version: p.version,
  };
}

const money = (text: string) => (text.trim() === '' ? undefined : Number(text));

function parseForm(values: ProductFormValues): { ok: true; input: ProductInput } | { ok: false; errors: FieldErrors } {
  const parsed = productInputSchema.safeParse({
    itemNo: values.itemNo,
    itemDescription: values.itemDescription,
    wholesalePrice: money(values.wholesalePrice),
    multiplierCategory: values.multiplierCategory,
    productType: values.productTypeId === '' ? null : { id: Number(values.productTypeId) },
    modifierCostIncrease: money(values.modifierCostIncrease),
    windowsData: values.windowsData,
    windowDescription: values.windowDescription,
    insertsData: values.insertsData,
    insertDescription: values.insertDescription,
    version: values.version,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'itemNo');
    const field = (SCHEMA_TO_FIELD[key] ?? key) as FieldName;
    if (field in FIELD_LABELS) errors[field] ??= `${FIELD_LABELS[field]} ${issue.message}`;
  }
  return { ok: false, errors };
}

export interface ProductEditorModalProps {
  show: boolean;
  /** null opens the editor in create mode. */
  productId: number | null;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * Create or edit a product (docs/product.md section 2, "Product editor modal"). After a create the
 * editor switches to edit mode on the new id and reloads it (docs/product.md section 4); the package
 * sections open up once the saved product is a package. Results show as toasts; closing with
 * unsaved details asks first.
 */
export function ProductEditorModal({ show, productId, onClose, onExited }: ProductEditorModalProps) {
  const toast = useToast();
  const [id, setId] = useState<number | null>(productId);
  const [values, setValues] = useState<ProductFormValues | null>(productId === null ? EMPTY_VALUES : null);
  /** The values last loaded or saved: what "unsaved changes" are measured against. */
  const [baseline, setBaseline] = useState<ProductFormValues | null>(values);
  const failureShown = useRef(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [openSections, setOpenSections] = useState<string[]>(['details']);
  const product = useProduct(id);
  const productTypes = useProductTypes();
  const create = useCreateProduct();
  const update = useUpdateProduct();

  // Adopt the server's copy once it arrives. Later background reloads do not overwrite what is
  // being typed: a save over someone else's change is refused by its version instead.
  if (values === null && product.data) {
    setValues(toFormValues(product.data));
    setBaseline(toFormValues(product.data));
  }

  const saving = create.isPending || update.isPending;
  const saved = product.data ?? null;
  const dirty = values !== null && baseline !== null && !sameValues(values, baseline);
  const { guard, dialog } = useDiscardGuard(dirty && show);
  useKeepFocusAfterSave(saving, submitRef);

  const report = (result: SaveResult) => {
    failureShown.current = result.kind === 'create-failed' || result.kind === 'update-failed';
    toast.saveResult(result);
  };

  // Close button, X, Escape and the backdrop all come here; a failure toast about this editor
  // goes with it.
  const requestClose = () =>
    guard(() => {
      if (failureShown.current) toast.dismiss('save');
      onClose();
    });

  function set(field: FieldName, value: string) {
    setValues((previous) => (previous ? { ...previous, [field]: value } : previous));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (values === null || saving) return;
    const parsed = parseForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setOpenSections((open) => (open.includes('details') ? open : ['details', ...open]));
      return;
    }
    setErrors({});
    if (id === null) {
      create.mutate(parsed.input, {
        onSuccess: (created) => {
          report({ kind: 'created', id: created.id, message: created.serverMessage });
          setValues(toFormValues(created));
          setBaseline(toFormValues(created));
          setId(created.id);
        },
        onError: (error) => report({ kind: 'create-failed', error: errorText(error) }),
      });
    } else {
      update.mutate(
        { id, input: parsed.input },
        {
          onSuccess: (updated) => {
            report({ kind: 'updated' });
            setValues(toFormValues(updated));
            setBaseline(toFormValues(updated));
          },
          onError: (error) => report({ kind: 'update-failed', error: errorText(error) }),
        },
      );
    }
  }

  const types = productTypes.data ?? [];
  const selectedTypeName = values ? typeName(values.productTypeId, types, saved) : null;
  const selectedIsPackage = isPackageType(selectedTypeName);
  // The package sections work on the saved record: in edit mode its saved type decides; in
  // create mode the chosen type says whether they will open once the product is created.
  const savedIsPackage = saved ? isPackageType(saved.productType?.type) : selectedIsPackage;
  const exists = id !== null;
  const packageReady = exists && savedIsPackage;

  const warnings = (
    <>
      {!savedIsPackage && (
        <Alert variant="danger" className="mb-2">
          {PACKAGE_TYPE_WARNING}
          {exists && selectedIsPackage && (
            <div className="small mt-1">The new product type applies once the product is saved.</div>
          )}
        </Alert>
      )}
      {!exists && (
        <Alert variant="danger" className="mb-2">
          {PRODUCT_CREATED_WARNING}
        </Alert>
      )}
    </>
  );

  let body: ReactNode;
  if (exists && values === null) {
    body = product.isError ? (
      <Banner variant="danger" title="The product could not be loaded">
        <small>{errorText(product.error)}</small>
      </Banner>
    ) : (
      <Loading />
    );
  } else if (values !== null) {
    body = (
      <Accordion
        alwaysOpen
        activeKey={openSections}
        onSelect={(keys) => setOpenSections(Array.isArray(keys) ? keys : keys ? [keys] : [])}
      >
        <EditorSection eventKey="details" title="Product Details">
          <ProductDetailsForm
            firstField={firstField}
            values={values}
            errors={errors}
            onChange={set}
            onSubmit={handleSubmit}
            productTypes={types}
            productTypesState={productTypes.isPending ? 'loading' : productTypes.isError ? 'error' : 'ready'}
            onRetryProductTypes={() => void productTypes.refetch()}
            modifierCostDisabled={values.productTypeId === '' || selectedIsPackage}
            disabled={saving}
          />
        </EditorSection>
        <EditorSection eventKey="modifiers" title="Package Modifiers">
          {packageReady ? openSections.includes('modifiers') && <PackageModifiersPanel packageId={id} /> : warnings}
        </EditorSection>
        <EditorSection eventKey="parts" title="Associated Parts">
          {packageReady ? openSections.includes('parts') && <AssociatedPartsList packageId={id} /> : warnings}
        </EditorSection>
      </Accordion>
    );
  }

  return (
    <Modal
      show={show}
      onHide={requestClose}
      onExited={onExited}
      size="xl"
      scrollable
      backdrop={saving ? 'static' : true}
      aria-labelledby="product-editor-title"
    >
      <Modal.Header closeButton closeLabel="Close dialog">
        <Modal.Title id="product-editor-title" as="h2" className="fs-5">
          {exists ? 'Edit Product' : 'Create Product'}
        </Modal.Title>
        {saved && (
          <span className="ms-3 text-secondary text-truncate">
            #{saved.id} · {saved.itemNo}
          </span>
        )}
      </Modal.Header>
      <Modal.Body className="bg-body-tertiary">{body}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={requestClose} disabled={saving}>
          Close
        </Button>
        <Button ref={submitRef} type="submit" form={FORM_ID} variant="primary" disabled={saving || values === null}>
          {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {exists ? 'Save' : 'Create'}
        </Button>
      </Modal.Footer>
      {dialog}
    </Modal>
  );
}

/** The chosen type's name: from the dropdown's list, or from the saved product while it loads. */
function typeName(productTypeId: string, types: ProductType[], saved: Product | null): string | null {
  if (productTypeId === '') return null;
  const found = types.find((t) => String(t.id) === productTypeId);
  if (found) return found.type;
  return saved?.productType && String(saved.productType.id) === productTypeId ? saved.productType.type : null;
}

interface ProductDetailsFormProps {
  /** Item No, where the cursor starts when the form first shows. */
  firstField: RefObject<HTMLInputElement | null>;
  values: ProductFormValues;
  errors: FieldErrors;
  onChange: (field: FieldName, value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  productTypes: ProductType[];
  productTypesState: 'loading' | 'error' | 'ready';
  onRetryProductTypes: () => void;
  modifierCostDisabled: boolean;
  disabled: boolean;
}

function ProductDetailsForm({
  firstField,
  values,
  errors,
  onChange,
  onSubmit,
  productTypes,
  productTypesState,
  onRetryProductTypes,
  modifierCostDisabled,
  disabled,
}: ProductDetailsFormProps) {
  useFocusFirstField(true, firstField);
  const text = (field: FieldName, maxLength: number) => (
    <Form.Group as={Col} md={6} controlId={`product-${field}`}>
      <Form.Label>{FIELD_LABELS[field]}</Form.Label>
      <Form.Control
        ref={field === 'itemNo' ? firstField : undefined}
        value={values[field]}
        maxLength={maxLength}
        isInvalid={Boolean(errors[field])}
        onChange={(event) => onChange(field, event.target.value)}
      />
      <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
    </Form.Group>
  );

  const amount = (field: 'wholesalePrice' | 'modifierCostIncrease', isDisabled = false, help?: string) => (
    <Form.Group as={Col} md={6} lg={3} controlId={`product-${field}`}>
      <Form.Label>{FIELD_LABELS[field]}</Form.Label>
      <Form.Control
        type="number"
        step=".01"
        min={0}
        inputMode="decimal"
        value={values[field]}
        disabled={isDisabled}
        isInvalid={Boolean(errors[field])}
        onChange={(event) => onChange(field, event.target.value)}
        aria-describedby={help ? `product-${field}-help` : undefined}
      />
      <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
      {help && (
        <Form.Text id={`product-${field}-help`} muted>
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );

  return (
    <Form id={FORM_ID} noValidate onSubmit={onSubmit}>
      <fieldset disabled={disabled}>
        <Row className="g-3">
          {text('itemNo', 64)}
          {text('itemDescription', 500)}
          {amount('wholesalePrice')}
          <Form.Group as={Col} md={6} lg={3} controlId="product-productTypeId">
            <Form.Label>Product Type</Form.Label>
            {productTypesState === 'loading' ? (
              <div className="form-control d-flex align-items-center gap-2 text-secondary" role="status">
                <Spinner animation="border" size="sm" aria-hidden="true" />
                Product Type options not loaded
              </div>
            ) : (
              <Form.Select
                value={values.productTypeId}
                isInvalid={Boolean(errors.productTypeId) || productTypesState === 'error'}
                onChange={(event) => onChange('productTypeId', event.target.value)}
              >
                <option value="">Select Product Type</option>
                {productTypes.map((type) => (
                  <option key={type.id} value={String(type.id)}>
                    {type.type}
                  </option>
                ))}
              </Form.Select>
            )}
            <Form.Control.Feedback type="invalid">
              {errors.productTypeId ??
                (productTypesState === 'error' && (
                  <>
                    Product types could not be loaded.{' '}
                    <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onRetryProductTypes}>
                      Try again
                    </Button>
                  </>
                ))}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group as={Col} md={6} lg={3} controlId="product-multiplierCategory">
            <Form.Label>Multiplier Category</Form.Label>
            <Form.Select
              value={values.multiplierCategory}
              isInvalid={Boolean(errors.multiplierCategory)}
              onChange={(event) => onChange('multiplierCategory', event.target.value)}
            >
              <option value="">None</option>
              {MULTIPLIER_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.multiplierCategory}</Form.Control.Feedback>
          </Form.Group>
          {amount(
            'modifierCostIncrease',
            modifierCostDisabled,
            modifierCostDisabled
              ? values.productTypeId === ''
                ? 'Choose a product type first.'
                : 'A package takes its cost increase from the modifiers applied to it.'
              : 'Added to a package line when this part is a modifier.',
          )}
          {text('windowsData', 2000)}
          {text('windowDescription', 500)}
          {text('insertsData', 2000)}
          {text('insertDescription', 500)}
        </Row>
      </fieldset>
    </Form>
  );
}
