import { useState, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import type { ConfirmModalProps } from './confirm-dialog';
import type { ConfirmTarget } from './row-actions';

export type { ConfirmModalProps } from './confirm-dialog';

/**
 * The dialog's code (React-Bootstrap's Modal and what it brings) is its own chunk: a list paints
 * without it, and it loads when the browser is idle after the list (preloadConfirmDialog) or, at
 * the latest, when a confirmation is first asked for.
 */
const ConfirmDialog = lazyComponent(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));

export const preloadConfirmDialog = ConfirmDialog;

/** The generic confirmation dialog (docs/product.md section 2): Confirm, Close, then a result banner. */
export function ConfirmModal(props: ConfirmModalProps) {
  // Nothing to load or draw until it is first shown; then it stays, so it can animate closed.
  const [used, setUsed] = useState(props.show);
  if (props.show && !used) setUsed(true);
  return used ? <ConfirmDialog {...props} /> : null;
}

/**
 * The ConfirmModal of a delete: asks about `target.target` (from useConfirmTarget) and deletes it on
 * Confirm. `detail` names the record under the question (its number and name), in small grey text.
 */
export function ConfirmDelete<T>({
  target,
  onDelete,
  detail,
  children,
  ...rest
}: Pick<ConfirmModalProps, 'objectName' | 'children'> & {
  target: ConfirmTarget<T>;
  onDelete: (row: T) => Promise<unknown>;
  detail?: (row: T) => ReactNode;
}) {
  return (
    <ConfirmModal
      show={target.show}
      action="delete"
      onConfirm={() => onDelete(target.target!)}
      onClose={target.close}
      {...rest}
    >
      {children}
      {detail && target.target && <p className="mb-0 mt-1 small text-secondary">{detail(target.target)}</p>}
    </ConfirmModal>
  );
}
