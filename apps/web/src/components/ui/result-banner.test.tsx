import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { errorText, ResultBanner } from './result-banner';

describe('ResultBanner', () => {
  it('words each outcome as docs/product.md section 8 does', () => {
    const { rerender } = render(<ResultBanner result={{ kind: 'created', id: 12, message: 'Customer created' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Create succeeded - ID: 12Customer created');

    rerender(<ResultBanner result={{ kind: 'updated' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Update Succeeded');

    rerender(<ResultBanner result={{ kind: 'create-failed', error: 'name is required' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Create failedname is required');

    rerender(<ResultBanner result={{ kind: 'update-failed', error: 'Someone else saved it first.' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Update failedSomeone else saved it first.');

    rerender(<ResultBanner result={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads the message of what was thrown', () => {
    expect(errorText(new ApiError('Item number taken', 409))).toBe('Item number taken');
    expect(errorText('plain')).toBe('plain');
    expect(errorText(undefined)).toBe('Something went wrong');
  });
});
