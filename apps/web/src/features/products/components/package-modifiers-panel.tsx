import {
  MODIFIER_CATEGORIES,
  packageModifierInputSchema,
  type ModifierCategory,
  type PackageModifier,
  type PackageModifierInput,
} from '@desk/domain';
import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Col, ListGroup, Row } from 'react-bootstrap';
import { Banner } from '../../../components/ui/banner';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Loading } from '../../../components/ui/loading';
import { errorText } from '../../../components/ui/result-banner';
import { useProductOptions } from '../api/list-products';
import { useCreatePackageModifier } from '../api/create-package-modifier';
import { useDeletePackageModifier } from '../api/delete-package-modifier';
import { usePackageModifiers } from '../api/list-package-modifiers';
import { useUpdatePackageModifier } from '../api/update-package-modifier';
import {
  ModifierForm,
  modifierNotesLabel,
  type ModifierFormErrors,
  type ModifierFormValues,
  type ModifierProductOption,
} from '../../../components/modifiers/modifier-form';
import { ModifierPopover } from '../../../components/modifiers/modifier-popover';
import { formatMoney } from '../../../lib/money';
import './products.css';

const FIELD_LABELS: Record<string, string> = { name: 'Name', quantity: 'Quantity', product: 'Product', notes: 'Notes' };

type Parsed = { ok: true; input: PackageModifierInput } | { ok: false; errors: ModifierFormErrors };

/** Checks the form against the shared schema (the same one the server parses). */
export function parseModifierForm(category: ModifierCategory, values: ModifierFormValues): Parsed {
  const parsed = packageModifierInputSchema.safeParse({
    category,
    name: values.name,
    quantity: values.quantity.trim() === '' ? undefined : values.quantity,
    product: values.product ? { id: values.product.id } : null,
    notes: values.notes,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: ModifierFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name') as keyof ModifierFormValues;
    const label = field === 'notes' ? modifierNotesLabel(category, 'product') : (FIELD_LABELS[field] ?? field);
    errors[field] ??= `${label} ${issue.message}`;
  }
  return { ok: false, errors };
}

function formValuesOf(modifier: PackageModifier): Partial<ModifierFormValues> {
  return {
    name: modifier.name ?? '',
    quantity: String(modifier.quantity),
    product: modifier.product,
    notes: modifier.notes ?? '',
  };
}

/** How a modifier is named in buttons and questions: its name, or for notes-only entries the notes. */
function modifierTitle(modifier: PackageModifier): string {
  return modifier.name ?? modifier.notes ?? `#${modifier.id}`;
}

export interface PackageModifiersPanelProps {
  packageId: number;
}

/**
 * The package's modifiers in their eight groups (docs/product.md section 2, "Package Modifiers panel"):
 * add with a popover per group, edit with a popover per row, remove after a confirmation.
 */
export function PackageModifiersPanel({ packageId }: PackageModifiersPanelProps) {
  const modifiers = usePackageModifiers(packageId);
  // Modifier products are parts that go on the line (a high-lift kit, a pair of springs).
  const products = useProductOptions('part');
  const create = useCreatePackageModifier();
  const update = useUpdatePackageModifier();
  const remove = useDeletePackageModifier();
  const [removing, setRemoving] = useState<PackageModifier | null>(null);
  const [showRemove, setShowRemove] = useState(false);

  if (modifiers.isPending) return <Loading />;
  if (modifiers.isError) {
    return (
      <Banner variant="danger" title="Package modifiers could not be loaded">
        <small>{errorText(modifiers.error)}</small>{' '}
        <Button size="sm" variant="link" className="p-0 align-baseline" onClick={() => void modifiers.refetch()}>
          Try again
        </Button>
      </Banner>
    );
  }

  const byCategory = new Map<ModifierCategory, PackageModifier[]>(MODIFIER_CATEGORIES.map((c) => [c, []]));
  for (const modifier of modifiers.data) byCategory.get(modifier.category)?.push(modifier);
  const productOptions: ModifierProductOption[] = products.data ?? [];

  const formFor = (category: ModifierCategory, close: () => void, modifier?: PackageModifier) => (
    <ModifierForm
      category={category}
      context="product"
      initial={modifier ? formValuesOf(modifier) : undefined}
      products={productOptions}
      productsLoading={products.isPending}
      submitLabel={modifier ? 'Save' : 'Add'}
      validate={(values) => {
        const parsed = parseModifierForm(category, values);
        return parsed.ok ? {} : parsed.errors;
      }}
      onCancel={close}
      onSubmit={async (values) => {
        const parsed = parseModifierForm(category, values);
        if (!parsed.ok) return;
        if (modifier) {
          await update.mutateAsync({
            packageId,
            modifierId: modifier.id,
            input: { ...parsed.input, version: modifier.version },
          });
        } else {
          await create.mutateAsync({ packageId, input: parsed.input });
        }
        close();
      }}
    />
  );

  const rowActions = (modifier: PackageModifier) => (
    <div className="modifier-row-actions d-flex gap-1 flex-shrink-0">
      <ModifierPopover
        title={`Edit ${modifier.category} modifier`}
        buttonContent="Edit"
        buttonLabel={`Edit modifier ${modifierTitle(modifier)}`}
        buttonVariant="outline-secondary"
      >
        {(close) => formFor(modifier.category, close, modifier)}
      </ModifierPopover>
      <Button
        size="sm"
        variant="outline-danger"
        title="Remove"
        aria-label={`Remove modifier ${modifierTitle(modifier)}`}
        onClick={() => {
          setRemoving(modifier);
          setShowRemove(true);
        }}
      >
        ×
      </Button>
    </div>
  );

  const liftNotes = [...(byCategory.get('Lift') ?? []).filter((m) => m.notes), ...(byCategory.get('LiftNotes') ?? [])];

  return (
    <>
      <Row xs={1} md={2} xl={4} className="g-3">
        {MODIFIER_CATEGORIES.map((category) => {
          const rows = category === 'LiftNotes' ? liftNotes : (byCategory.get(category) ?? []);
          const own = byCategory.get(category) ?? [];
          return (
            <Col key={category}>
              <Card className="modifier-group h-100" as="section" aria-label={`${category} modifiers`}>
                <Card.Header className="d-flex align-items-center justify-content-between gap-2 py-2 bg-body-tertiary">
                  <h4 className="fs-6 fw-semibold mb-0">
                    {category}{' '}
                    <Badge pill bg="secondary-subtle" text="secondary-emphasis" className="fw-normal">
                      {own.length}
                    </Badge>
                  </h4>
                  <ModifierPopover
                    title={`Add ${category} modifier`}
                    buttonContent="+ Add"
                    buttonLabel={`Add ${category} modifier`}
                    buttonClassName="py-0 px-2"
                  >
                    {(close) => formFor(category, close)}
                  </ModifierPopover>
                </Card.Header>
                {rows.length === 0 ? (
                  <Card.Body className="py-3 small text-secondary">
                    {category === 'LiftNotes' ? 'No notes added yet' : 'No modifiers yet'}
                  </Card.Body>
                ) : (
                  <ListGroup variant="flush" className="small">
                    {rows.map((modifier) =>
                      category === 'LiftNotes' ? (
                        <LiftNoteRow
                          key={modifier.id}
                          modifier={modifier}
                          actions={modifier.category === 'LiftNotes' ? rowActions(modifier) : null}
                        />
                      ) : (
                        <ModifierRow key={modifier.id} modifier={modifier} actions={rowActions(modifier)} />
                      ),
                    )}
                  </ListGroup>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
      <ConfirmModal
        show={showRemove}
        objectName="Modifier"
        action="delete"
        onConfirm={() => remove.mutateAsync({ packageId, modifierId: removing!.id })}
        onClose={() => setShowRemove(false)}
      >
        {removing &&
          `Are you sure you would like to delete the modifier '${modifierTitle(removing)}' (id: ${removing.id})?`}
      </ConfirmModal>
    </>
  );
}

function ModifierRow({ modifier, actions }: { modifier: PackageModifier; actions: ReactNode }) {
  return (
    <ListGroup.Item className="d-flex justify-content-between align-items-start gap-2 py-2">
      <div className="modifier-row-text">
        <div className="fw-semibold text-break">
          {modifier.name}{' '}
          <span className="text-secondary fw-normal" title="Quantity">
            × {modifier.quantity}
          </span>
        </div>
        {modifier.product && (
          <div className="text-secondary text-break" title={modifier.product.itemDescription ?? undefined}>
            {modifier.product.itemNo}
            {modifier.product.modifierCostIncrease > 0 && (
              <span title="Modifier cost increase, per unit">
                {' '}
                (+{formatMoney(modifier.product.modifierCostIncrease)})
              </span>
            )}
          </div>
        )}
        {modifier.notes && (
          <div className="text-break">
            {modifier.category === 'Inches' && <span className="text-secondary">Track inches: </span>}
            {modifier.notes}
          </div>
        )}
      </div>
      {actions}
    </ListGroup.Item>
  );
}

/** A note in the LiftNotes group: a LiftNotes entry (editable here) or a Lift modifier's notes. */
function LiftNoteRow({ modifier, actions }: { modifier: PackageModifier; actions: ReactNode }) {
  return (
    <ListGroup.Item className="d-flex justify-content-between align-items-start gap-2 py-2">
      <div className="modifier-row-text">
        {modifier.category === 'Lift' && <span className="fw-semibold">{modifier.name}: </span>}
        {modifier.notes}
      </div>
      {actions}
    </ListGroup.Item>
  );
}
