import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentHeader } from '@desk/domain';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { ok, stubApi } from '../../../test/fake-api';
import { renderWithQuery } from '../../../test/render-with-query';

/** The fake server of a document's modal: the configuration, no customers, `doc` with an empty cart, and `handlers`. */
export function stubDocumentModal(doc: DocumentHeader, handlers: Parameters<typeof stubApi>[0]) {
  return stubApi({
    'GET /api/config': ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 }),
    'GET /api/customers/': ok([]),
    [`GET /api/${doc.kind}s/${doc.id}`]: ok(doc),
    [`GET /api/${doc.kind}-parts/${doc.id}`]: ok([]),
    ...handlers,
  });
}

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
