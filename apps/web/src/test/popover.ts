import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** Presses `button` and answers the text of the popover (role tooltip) it opens. */
export async function popoverText(user: ReturnType<typeof userEvent.setup>, button: HTMLElement): Promise<string> {
  await user.click(button);
  return (await screen.findByRole('tooltip')).textContent ?? '';
}

/** Checks that `text` holds each of `parts`, in any order. */
export function expectToContainEach(text: string, parts: string[]) {
  for (const part of parts) expect(text).toContain(part);
}
