import { onlineManager, useMutation, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../lib/api-client';
import { stubApi } from '../test/fake-api';
import { renderWithQuery } from '../test/render-with-query';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

/** What Chromium's fetch does with no network: it rejects at once. */
function noNetwork() {
  const fetchMock = stubApi({});
  fetchMock.mockImplementation(async () => {
    throw new TypeError('Failed to fetch');
  });
  return fetchMock;
}

function SaveButton() {
  const save = useMutation({ mutationFn: () => api.put('/api/customers/update/2', { name: 'Acme' }) });
  return (
    <>
      <button onClick={() => save.mutate()}>Save</button>
      <p>{save.status}</p>
      {save.isError && <p role="alert">{save.error.message}</p>}
    </>
  );
}

function CustomerName() {
  const customer = useQuery({
    queryKey: ['customer', 2],
    queryFn: () => api.get<{ name: string }>('/api/customers/2'),
  });
  return <p role="status">{customer.isError ? customer.error.message : customer.status}</p>;
}

describe('requests while the browser is offline', () => {
  afterEach(() => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
    onlineManager.setOnline(true);
  });

  it('a save fails at once with the failure message and is not replayed when the browser is back online', async () => {
    const fetchMock = noNetwork();
    renderWithQuery(<SaveButton />);
    // After mounting: TanStack Query listens to 'offline' only while a client is mounted.
    setOnline(false);
    expect(onlineManager.isOnline()).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Network response was not ok.');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByText('error')).toBeInTheDocument();
  });

  it('a read fails instead of waiting for the connection', async () => {
    noNetwork();
    const { rerender } = renderWithQuery(<p>Starting</p>);
    setOnline(false);
    expect(onlineManager.isOnline()).toBe(false);
    rerender(<CustomerName />);
    expect(await screen.findByText('Network response was not ok.')).toBeInTheDocument();
  });
});
