import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import type { stubApi } from '../../../test/fake-api';
import { renderWithQuery } from '../../../test/render-with-query';

/**
 * Renders a document's modal (`modal`), waits for its document (the `jobName` shown), checks
 * that nothing under `path` was asked for yet, then presses the section's button (`section`):
 * answers the dialog and how many requests went to `path` so far (a section is read when opened).
 */
export async function openLazySection(
  fetchMock: ReturnType<typeof stubApi>,
  modal: ReactElement,
  { dialogName, jobName, section, path }: { dialogName: RegExp; jobName: string; section: string; path: string },
) {
  const user = userEvent.setup();
  renderWithQuery(modal);
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await within(dialog).findByDisplayValue(jobName);
  const asked = () => fetchMock.mock.calls.filter(([u]) => String(u).includes(path)).length;
  expect(asked()).toBe(0);

  await user.click(within(dialog).getByRole('button', { name: section }));
  return { dialog, asked };
}
