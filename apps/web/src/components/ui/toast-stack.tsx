import { Toast, ToastContainer } from 'react-bootstrap';
import type { ShownToast } from './toaster';
import './toaster.css';

/** Successes fade after a few seconds; errors stay until dismissed or replaced. */
const SUCCESS_MS = 5000;

/**
 * The toasts on screen (React-Bootstrap's Toast): in the top-right corner of the viewport, above
 * any modal, wherever the user has scrolled to. Which toasts show is the ToastProvider's
 * (toaster.tsx); this file only draws them, in a chunk of its own.
 */
export function ToastStack({ toasts, onClose }: { toasts: ShownToast[]; onClose: (id: number) => void }) {
  return (
    <ToastContainer position="top-end" containerPosition="fixed" className="app-toasts p-3">
      {toasts.map((t) => (
        <Toast
          key={t.id}
          bg={t.variant}
          onClose={() => onClose(t.id)}
          autohide={t.variant === 'success' || t.variant === 'info'}
          delay={SUCCESS_MS}
          data-testid="toast"
        >
          <Toast.Header closeLabel="Dismiss" className="justify-content-between">
            <strong className="me-auto">{t.title}</strong>
          </Toast.Header>
          {t.body && <Toast.Body>{t.body}</Toast.Body>}
        </Toast>
      ))}
    </ToastContainer>
  );
}
