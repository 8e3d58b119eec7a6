import {
  MODIFIER_CATEGORIES,
  type AppliedModifier,
  type DocumentKind,
  type ModifierCategory,
  type PackageModifier,
} from '@desk/domain';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Badge, Button, Card, Col, Row, Spinner } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { Loading } from '../../components/ui/loading';
import { errorText } from '../../components/ui/result-banner';
import { useToast } from '../../components/ui/toaster';
import { usePackageModifiers } from '../products/api/list-package-modifiers';
import { modifierNotesLabel } from '../../components/modifiers/modifier-form';
import { ModifierPopover } from '../../components/modifiers/modifier-popover';
import { useApplyModifier } from './api/apply-modifier';
import { useAppliedModifiers } from './api/list-applied-modifiers';
import { useRemoveModifier } from './api/remove-modifier';
import { formatMoney } from '../../lib/money';
import { NotesModal } from './notes-modal';

export interface LineModifierPanelProps {
  kind: DocumentKind;
  docId: number;
  lineId: number;
  /** The package on the line, whose modifiers are offered. */
  packageId: number;
}

const modifierName = (m: PackageModifier) => m.name ?? m.notes ?? `Modifier ${m.id}`;

/**
 * The package modifier panel of an expanded line (docs/product.md section 2): the package's modifiers
 * in eight groups. A star turns a modifier on (POST upsert) or off (DELETE); applied ones show
 * in primary colour. A modifier's button opens its details; quotes also have an eye popover.
 */
export function LineModifierPanel({ kind, docId, lineId, packageId }: LineModifierPanelProps) {
  const offered = usePackageModifiers(packageId);
  const applied = useAppliedModifiers(kind, lineId);
  const apply = useApplyModifier(kind, docId, lineId);
  const remove = useRemoveModifier(kind, docId, lineId);
  const [busyId, setBusyId] = useState<number | null>(null);
  /** The last change, read out by screen readers (the star keeps focus). */
  const [announcement, setAnnouncement] = useState('');
  const toast = useToast();
  const [editing, setEditing] = useState<{ modifier: PackageModifier; applied: AppliedModifier } | null>(null);

  if (offered.isPending || applied.isPending) return <Loading text="Loading modifiers..." />;
  if (offered.isError || applied.isError) {
    return (
      <Banner variant="danger" title="The modifiers could not be loaded">
        <small>{errorText(offered.error ?? applied.error)}</small>
      </Banner>
    );
  }

  const appliedByModifier = new Map(applied.data.map((a) => [a.modifierId, a]));
  const byCategory = new Map<ModifierCategory, PackageModifier[]>(MODIFIER_CATEGORIES.map((c) => [c, []]));
  for (const m of offered.data) byCategory.get(m.category)?.push(m);

  const toggle = async (modifier: PackageModifier) => {
    if (busyId !== null) return; // one change at a time
    const current = appliedByModifier.get(modifier.id);
    setBusyId(modifier.id);
    setAnnouncement('');
    try {
      if (current) await remove.mutateAsync(current.id);
      else await apply.mutateAsync({ modifierId: modifier.id, notes: null, inches: null });
      setAnnouncement(`Modifier ${modifierName(modifier)} ${current ? 'removed' : 'applied'}`);
    } catch (error) {
      toast.error('The modifier could not be changed', `${modifierName(modifier)}: ${errorText(error)}`);
    } finally {
      setBusyId(null);
    }
  };

  const saveNotes = async (modifier: PackageModifier, notes: string, inches: string) => {
    try {
      await apply.mutateAsync({
        modifierId: modifier.id,
        notes: notes.trim() === '' ? null : notes,
        inches: inches.trim() === '' ? null : inches,
      });
    } catch (error) {
      toast.error('The modifier could not be changed', `${modifierName(modifier)}: ${errorText(error)}`);
    }
  };

  // LiftNotes: the notes of the Lift modifiers on this line, and the package's own lift notes.
  const liftNotes: { key: string; label: string | null; text: string }[] = [];
  for (const m of byCategory.get('Lift') ?? []) {
    const a = appliedByModifier.get(m.id);
    if (a && (a.notes || a.inches)) {
      const text = [a.notes, a.inches ? `${a.inches} in` : null].filter(Boolean).join(' · ');
      liftNotes.push({ key: `lift-${a.id}`, label: modifierName(m), text });
    }
  }
  for (const m of byCategory.get('LiftNotes') ?? []) {
    if (m.notes) liftNotes.push({ key: `note-${m.id}`, label: null, text: m.notes });
  }

  return (
    <section aria-label="Package modifiers">
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h4 className="fs-6 fw-semibold mb-0">Package Modifiers</h4>
        <span className="small text-secondary">
          <span aria-hidden="true">★</span> turns a modifier on or off; applied modifiers are blue.
        </span>
      </div>
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
      <Row xs={1} md={2} xl={4} className="g-2">
        {MODIFIER_CATEGORIES.map((category) => {
          const modifiers = byCategory.get(category) ?? [];
          const appliedCount = modifiers.filter((m) => appliedByModifier.has(m.id)).length;
          return (
            <Col key={category}>
              <Card className="h-100" as="section" aria-label={`${category} modifiers`}>
                <Card.Header className="d-flex align-items-center justify-content-between py-1 px-2 bg-body-tertiary">
                  <h5 className="fs-6 fw-semibold mb-0">{category}</h5>
                  {category !== 'LiftNotes' && appliedCount > 0 && (
                    <Badge bg="primary" pill title="Applied on this line">
                      {appliedCount}
                    </Badge>
                  )}
                </Card.Header>
                <Card.Body className="p-2 small">
                  {category === 'LiftNotes' ? (
                    <LiftNotesList notes={liftNotes} />
                  ) : modifiers.length === 0 ? (
                    <span className="text-secondary">None for this package</span>
                  ) : (
                    <div className="d-flex flex-column gap-1">
                      {modifiers.map((m) => {
                        const a = appliedByModifier.get(m.id);
                        return (
                          <ModifierToggle
                            key={m.id}
                            kind={kind}
                            modifier={m}
                            applied={a ?? null}
                            busy={busyId === m.id}
                            disabled={busyId !== null}
                            onToggle={() => void toggle(m)}
                            onEditNotes={a ? () => setEditing({ modifier: m, applied: a }) : undefined}
                          />
                        );
                      })}
                    </div>
                  )}
                </Card.Body>
              </Card>
            </Col>
          );
        })}
      </Row>
      <NotesModal
        show={editing !== null}
        title={editing ? `Edit Notes - ${modifierName(editing.modifier)}` : 'Edit Notes'}
        category={editing?.modifier.category ?? null}
        initialNotes={editing?.applied.notes}
        initialInches={editing?.applied.inches}
        onCancel={() => setEditing(null)}
        onSubmit={(notes, inches) => {
          const modifier = editing!.modifier;
          setEditing(null);
          void saveNotes(modifier, notes, inches);
        }}
      />
    </section>
  );
}

function LiftNotesList({ notes }: { notes: { key: string; label: string | null; text: string }[] }) {
  return (
    <div className="d-flex align-items-start gap-2">
      <Button
        size="sm"
        variant="secondary"
        className="py-0 px-1 lh-sm"
        disabled
        aria-label="Lift notes follow the Lift modifiers"
      >
        ☆
      </Button>
      {notes.length === 0 ? (
        <span className="text-secondary">No notes added yet</span>
      ) : (
        <ul className="list-unstyled mb-0">
          {notes.map((n) => (
            <li key={n.key} className="text-break">
              {n.label && <span className="fw-semibold">{n.label}: </span>}
              {n.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface ModifierToggleProps {
  kind: DocumentKind;
  modifier: PackageModifier;
  applied: AppliedModifier | null;
  busy: boolean;
  disabled: boolean;
  onToggle: () => void;
  onEditNotes?: (() => void) | undefined;
}

function ModifierToggle({ kind, modifier, applied, busy, disabled, onToggle, onEditNotes }: ModifierToggleProps) {
  const name = modifierName(modifier);
  const variant = applied ? 'primary' : 'secondary';
  return (
    <div className="d-flex align-items-center gap-1" onKeyDown={keepEscapeForPopover}>
      <Button
        size="sm"
        variant={variant}
        className="py-0 px-1 lh-sm flex-shrink-0"
        onClick={onToggle}
        // aria-disabled, not disabled, while a change runs: the star keeps the keyboard focus.
        aria-disabled={disabled || undefined}
        aria-busy={busy || undefined}
        aria-pressed={applied !== null}
        aria-label={applied ? `Remove modifier ${name}` : `Apply modifier ${name}`}
        title={applied ? 'Applied: click to remove' : 'Click to apply'}
      >
        {busy ? <Spinner animation="border" size="sm" aria-hidden="true" /> : applied ? '★' : '☆'}
      </Button>
      <ModifierPopover
        title="Modifier Details"
        buttonContent={
          <>
            {name}
            {modifier.quantity > 1 && <span className="opacity-75"> × {modifier.quantity}</span>}
          </>
        }
        buttonVariant={applied ? 'primary' : 'outline-secondary'}
        buttonClassName="py-0 px-2 text-start lh-sm"
      >
        {(close) => (
          <ModifierDetails
            modifier={modifier}
            applied={applied}
            onEditNotes={
              onEditNotes
                ? () => {
                    close();
                    onEditNotes();
                  }
                : undefined
            }
          />
        )}
      </ModifierPopover>
      {kind === 'quote' && (
        <div className="ms-auto flex-shrink-0">
          <ModifierPopover
            title={name}
            buttonContent={<EyeIcon />}
            buttonLabel={`Show modifier ${name}`}
            buttonVariant="link"
            buttonClassName="p-0 text-secondary lh-1"
          >
            {() => <ModifierDetails modifier={modifier} applied={applied} />}
          </ModifierPopover>
        </div>
      )}
    </div>
  );
}

/**
 * Escape on the button of an open popover closes the popover, not the document
 * modal around it, which would drop unsaved edits of the details.
 */
function keepEscapeForPopover(event: KeyboardEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Escape' && target.getAttribute('aria-expanded') === 'true') {
    event.stopPropagation();
    target.click(); // the trigger toggles its popover
  }
}

/** Category, Name, Notes, Quantity and the part a modifier puts on the line. */
export function ModifierDetails({
  modifier,
  applied,
  onEditNotes,
}: {
  modifier: PackageModifier;
  applied: AppliedModifier | null;
  onEditNotes?: (() => void) | undefined;
}) {
  const notesLabel = modifierNotesLabel(modifier.category, 'document');
  const row = (term: string, value: ReactNode) => (
    <>
      <dt className="col-5 fw-normal text-secondary">{term}</dt>
      <dd className="col-7 mb-1 text-break">{value ?? <span className="text-secondary">—</span>}</dd>
    </>
  );
  return (
    <div className="small">
      <dl className="row mb-0">
        {row('Category', modifier.category)}
        {row('Name', modifier.name)}
        {row(notesLabel, modifier.notes)}
        {row('Quantity', modifier.quantity)}
        {row(
          'Associated part',
          modifier.product && (
            <>
              {modifier.product.itemNo}
              {modifier.product.itemDescription && (
                <div className="text-secondary">{modifier.product.itemDescription}</div>
              )}
              {modifier.product.modifierCostIncrease > 0 && (
                <div>+{formatMoney(modifier.product.modifierCostIncrease)} per unit</div>
              )}
            </>
          ),
        )}
        {row('On this line', applied ? 'Applied' : 'Not applied')}
        {applied && row(`${notesLabel} (line)`, applied.notes)}
        {applied && modifier.category === 'Lift' && row('Inches', applied.inches)}
      </dl>
      {onEditNotes && (
        <div className="text-end mt-2">
          <Button size="sm" variant="outline-primary" onClick={onEditNotes}>
            Edit Notes
          </Button>
        </div>
      )}
    </div>
  );
}

function EyeIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
      <path d="M8 3C4.4 3 1.6 5.5.5 8c1.1 2.5 3.9 5 7.5 5s6.4-2.5 7.5-5C14.4 5.5 11.6 3 8 3Zm0 8.2A3.2 3.2 0 1 1 8 4.8a3.2 3.2 0 0 1 0 6.4Zm0-1.7a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" />
    </svg>
  );
}
