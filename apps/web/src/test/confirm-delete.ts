import { waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * In a list's delete confirmation `dialog`, the server first refusing: Confirm shows
 * "`record` delete failed" and the server's `reason`; then, once `allow()` has lifted the
 * refusal, Confirm again shows "`record` delete successful" and the list (`listRequests`, its
 * page requests so far) is read once more.
 */
export async function confirmRefusedThenDeleted(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  {
    record,
    reason,
    allow,
    listRequests,
  }: { record: string; reason: string; allow: () => void; listRequests: () => string[] },
) {
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await within(dialog).findByText(`${record} delete failed`)).toBeInTheDocument();
  expect(within(dialog).getByText(reason)).toBeInTheDocument();

  allow();
  const listCalls = listRequests().length;
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await within(dialog).findByText(`${record} delete successful`)).toBeInTheDocument();
  await waitFor(() => expect(listRequests().length).toBe(listCalls + 1));
}
