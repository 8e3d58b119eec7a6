import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed, ok, stubApi } from '../../test/fake-api';
import { customer } from '../../test/customers';
import { renderWithQuery } from '../../test/render-with-query';
import { CustomerModal } from './customer-modal';

const sierra = customer(2, {
  name: 'Sierra Door Service',
  contactName: 'Maria Alvarez',
  streetAddress: { street: '2291 Power Inn Rd', city: 'Sacramento', state: 'CA', zipCode: '95826' },
  residentialMultiplier: 0.85,
  version: 4,
});

const toastTitled = async (title: string) =>
  (await screen.findByText(title)).closest('[data-testid="toast"]') as HTMLElement;

function openEditor(customerId: number | null) {
  const onClose = vi.fn();
  const view = renderWithQuery(<CustomerModal show customerId={customerId} onClose={onClose} />);
  return { ...view, onClose };
}

/** Sierra open in the editor (the server also answers `answers`), ready to edit its contact. */
async function editSierra(answers: Parameters<typeof stubApi>[0] = {}) {
  stubApi({ 'GET /api/customers/2': ok(sierra), ...answers });
  const user = userEvent.setup();
  const { onClose } = openEditor(2);
  const dialog = await screen.findByRole('dialog', { name: /Edit Customer/ });
  const contact = await within(dialog).findByLabelText('Contact Name');
  return { user, onClose, dialog, contact };
}

describe('customer modal: unsaved edits', () => {
  it('closes without asking when nothing changed, or when an edit was typed back', async () => {
    const { user, onClose, dialog, contact } = await editSierra();

    await user.type(contact, 'x');
    await user.type(contact, '{Backspace}');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks "Discard changes?" on the Close button, the X and Escape; Keep editing keeps the edit', async () => {
    const { user, onClose, dialog, contact } = await editSierra();
    await user.clear(contact);
    await user.type(contact, 'Maria A. Alvarez');

    const closers = [
      () => user.click(within(dialog).getByRole('button', { name: 'Close' })),
      () => user.click(within(dialog).getByRole('button', { name: 'Close dialog' })),
      () => user.keyboard('{Escape}'),
    ];
    for (const close of closers) {
      await close();
      const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
      await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
      expect(onClose).not.toHaveBeenCalled();
      expect((within(dialog).getByLabelText('Contact Name') as HTMLInputElement).value).toBe('Maria A. Alvarez');
      within(dialog).getByLabelText('Contact Name').focus();
    }

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks nothing after the edit is saved: the saved values are the new baseline', async () => {
    const { user, onClose, dialog, contact } = await editSierra({
      'PUT /api/customers/update/2': ok({ ...sierra, contactName: 'Maria A. Alvarez', version: 5 }, 'Customer updated'),
    });
    await user.clear(contact);
    await user.type(contact, 'Maria A. Alvarez');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await toastTitled('Update Succeeded')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('customer modal: results and focus', () => {
  afterEach(() => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
    onlineManager.setOnline(true);
  });

  it('opens with the cursor in the first field', async () => {
    stubApi({ 'GET /api/customers/2': ok(sierra) });
    openEditor(null);
    const dialog = await screen.findByRole('dialog', { name: 'Create Customer' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Customer No')));
  });

  it('opens an existing customer with the cursor in its first field once it has loaded', async () => {
    stubApi({ 'GET /api/customers/2': ok(sierra) });
    openEditor(2);
    const dialog = await screen.findByRole('dialog', { name: /Edit Customer/ });
    const first = await within(dialog).findByLabelText('Customer No');
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('shows Create as a toast and keeps the keyboard in the modal after Enter in a field', async () => {
    const created = { ...sierra, id: 21, name: 'Foothill Door Pros', version: 1 };
    stubApi({
      'POST /api/customers/create': { status: 201, body: { status: 'OK', data: created, message: 'Customer created' } },
    });
    const user = userEvent.setup();
    openEditor(null);
    const dialog = await screen.findByRole('dialog', { name: 'Create Customer' });
    const name = within(dialog).getByLabelText('Customer Name');
    await user.type(name, 'Foothill Door Pros');
    // Enter in a field submits the form (jsdom does not submit implicitly to a button outside it).
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Customer' }));

    const toast = await toastTitled('Create succeeded - ID: 21');
    expect(within(toast).getByText('Customer created')).toBeInTheDocument();
    expect(dialog.contains(toast)).toBe(false);
    await screen.findByRole('dialog', { name: /Edit Customer/ });
    // The field the Enter came from was replaced by the saved customer's form: focus went to Save.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Save' })));
  });

  it('replaces an old failure with the new one, and takes it away when the editor closes', async () => {
    let attempt = 0;
    stubApi({
      'POST /api/customers/create': () =>
        ++attempt === 1
          ? failed(409, 'Customer No C-1002 is already used by Sierra Door Service.')
          : failed(400, 'Customer Name must be at most 200 characters.'),
    });
    const user = userEvent.setup();
    const { onClose } = openEditor(null);
    const dialog = await screen.findByRole('dialog', { name: 'Create Customer' });
    await user.type(within(dialog).getByLabelText('Customer Name'), 'Foothill');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const first = await toastTitled('Create failed');
    expect(within(first).getByText('Customer No C-1002 is already used by Sierra Door Service.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Customer Name must be at most 200 characters.');
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.queryByText('Customer No C-1002 is already used by Sierra Door Service.')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
  });

  it('offline: the save fails at once with the failure message and is not replayed when the connection returns', async () => {
    const fetchMock = stubApi({});
    // What Chromium's fetch does with no network: reject at once.
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    openEditor(null);
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(onlineManager.isOnline()).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Create Customer' });
    await user.type(within(dialog).getByLabelText('Customer Name'), 'Foothill Door Pros');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const toast = await toastTitled('Create failed');
    expect(within(toast).getByText('Network response was not ok.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toHaveProperty('disabled', false);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // What was typed is still there to save again.
    expect((within(dialog).getByLabelText('Customer Name') as HTMLInputElement).value).toBe('Foothill Door Pros');
  });
});
