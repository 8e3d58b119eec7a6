import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Harness({ onExited }: { onExited?: () => void }) {
  const [show, setShow] = useState(false);
  return (
    <>
      <button onClick={() => setShow(true)}>Edit notes</button>
      <input aria-label="Price override" />
      <Modal show={show} onHide={() => setShow(false)} onExited={onExited} aria-label="Notes">
        <Modal.Body>
          <button onClick={() => setShow(false)}>Submit</button>
        </Modal.Body>
      </Modal>
    </>
  );
}

describe('Modal (the focus on close)', () => {
  it('gives the focus back to the button that opened it', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit notes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit notes' }));
  });

  it('has given the focus back by the time it says it has closed, so no later step can lose it', async () => {
    // React-Bootstrap gave it back in an effect after the modal's last render, a moment after the
    // modal was hidden: a clerk (or a browser test) who had gone on to a price field by then lost
    // the focus to the notes button, and the Enter meant for the price opened the notes again.
    let focusedOnExit: Element | null = null;
    render(<Harness onExited={() => (focusedOnExit = document.activeElement)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit notes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(focusedOnExit).not.toBeNull());
    expect(focusedOnExit).toBe(screen.getByRole('button', { name: 'Edit notes' }));
  });
});
