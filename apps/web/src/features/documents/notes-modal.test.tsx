import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ModifierCategory } from '@desk/domain';
import { NotesModal } from './notes-modal';

function Harness({
  category,
  onSubmit,
}: {
  category: ModifierCategory | null;
  onSubmit: (n: string, i: string) => void;
}) {
  const [show, setShow] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShow(true)}>
        Open
      </button>
      <NotesModal
        show={show}
        category={category}
        onSubmit={(notes, inches) => {
          onSubmit(notes, inches);
          setShow(false);
        }}
        onCancel={() => setShow(false)}
      />
    </>
  );
}

describe('NotesModal', () => {
  it('has an Inches field only for Lift', () => {
    const { unmount } = render(<Harness category="Lift" onSubmit={() => {}} />);
    expect(screen.getByLabelText('Inches')).toBeInTheDocument();
    unmount();
    render(<Harness category="Mount" onSubmit={() => {}} />);
    expect(screen.getByLabelText('Notes')).toBeInTheDocument();
    expect(screen.queryByLabelText('Inches')).toBeNull();
  });

  it("labels an Inches modifier's notes 'Number of Inches'", () => {
    render(<Harness category="Inches" onSubmit={() => {}} />);
    expect(screen.getByLabelText('Number of Inches')).toBeInTheDocument();
    expect(screen.queryByLabelText('Inches')).toBeNull();
  });

  it('hands over notes and inches, clears both and closes', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Harness category="Lift" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Notes'), 'HL 24 in');
    await user.type(screen.getByLabelText('Inches'), '24');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(onSubmit).toHaveBeenCalledWith('HL 24 in', '24');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText('Inches') as HTMLInputElement).value).toBe('');
  });

  it('Cancel closes without handing anything over', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Harness category={null} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Notes'), 'x');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
