import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { ConfirmModal } from '../../components/ui/confirm-modal';

/** A linked-orders row's Unlink: removes the link, never the order or the vendor order. */
export function UnlinkButton({ subject, title, onClick }: { subject: string; title: string; onClick: () => void }) {
  return (
    <Button variant="outline-danger" size="sm" onClick={onClick} aria-label={`Unlink ${subject}`} title={title}>
      Unlink
    </Button>
  );
}

export interface UnlinkConfirmProps {
  objectName: string;
  show: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** The question; nothing while no link is chosen. */
  children: ReactNode;
}

/** 'Are you sure you would like to remove the link to ...?' and that both sides are kept. */
export function UnlinkConfirm({ objectName, show, onConfirm, onClose, children }: UnlinkConfirmProps) {
  return (
    <ConfirmModal show={show} objectName={objectName} action="delete" onConfirm={onConfirm} onClose={onClose}>
      {children && (
        <>
          <p className="mb-0">{children}</p>
          <p className="mb-0 mt-1 small text-secondary">The order and the vendor order themselves are kept.</p>
        </>
      )}
    </ConfirmModal>
  );
}
