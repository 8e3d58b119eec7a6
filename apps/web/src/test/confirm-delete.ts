import { waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { failed, ok, type FakeAnswer } from './fake-api';

/** A delete the server refuses the first time (409 with `reason`), then allows (`message`). */
export function refusedOnce(reason: string, message: string): () => FakeAnswer {
  let asked = 0;
  return () => (asked++ === 0 ? failed(409, reason) : ok(null, message));
}

/**
 * In a list's delete confirmation `dialog`, against a delete `refusedOnce`: Confirm shows
 * "`record` delete failed" and the server's `reason`; Confirm again shows "`record` delete
 * successful" and the list (`listRequests`, its page requests so far) is read once more.
 */
export async function confirmRefusedThenDeleted(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  record: string,
  reason: string,
  listRequests: () => string[],
) {
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await within(dialog).findByText(`${record} delete failed`)).toBeInTheDocument();
  expect(within(dialog).getByText(reason)).toBeInTheDocument();

  const listCalls = listRequests().length;
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await within(dialog).findByText(`${record} delete successful`)).toBeInTheDocument();
  await waitFor(() => expect(listRequests().length).toBe(listCalls + 1));
}
