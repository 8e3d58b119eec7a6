import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import type { ConfirmTarget } from '../../components/ui/row-actions';
import { useDeleteLinkedOrder } from './api/delete-linked-order';

/** A linked-orders row's last cell, its Unlink: removes the link, never the order or the vendor order. */
export function UnlinkCell({ subject, title, onClick }: { subject: string; title: string; onClick: () => void }) {
  return (
    <td className="text-end">
      <Button variant="outline-danger" size="sm" onClick={onClick} aria-label={`Unlink ${subject}`} title={title}>
        Unlink
      </Button>
    </td>
  );
}

export interface UnlinkConfirmProps<T extends { id: number }> {
  objectName: string;
  /** The link asked about (from useConfirmTarget). */
  target: ConfirmTarget<T>;
  /** The question about the link. */
  question: (link: T) => ReactNode;
}

/** 'Are you sure you would like to remove the link to ...?' and that both sides are kept; Delete removes the link. */
export function UnlinkConfirm<T extends { id: number }>({ objectName, target, question }: UnlinkConfirmProps<T>) {
  const unlink = useDeleteLinkedOrder();
  return (
    <ConfirmModal
      show={target.show}
      objectName={objectName}
      action="delete"
      onConfirm={() => unlink.mutateAsync(target.target!.id)}
      onClose={target.close}
    >
      {target.target && (
        <>
          <p className="mb-0">{question(target.target)}</p>
          <p className="mb-0 mt-1 small text-secondary">The order and the vendor order themselves are kept.</p>
        </>
      )}
    </ConfirmModal>
  );
}
