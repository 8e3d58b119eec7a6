import { ROLE_ADMIN, ROLE_USER } from '@desk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { ok, stubApi, type FakeAnswer } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

type Handlers = Parameters<typeof stubApi>[0];
type FetchMock = ReturnType<typeof stubApi>;

/** The fake server of the admin tab tests: signed in as 'admin', an administrator. */
export function stubAdmin(handlers: Handlers): FetchMock {
  return stubApi({
    'GET /api/config': ok({ companyName: 'Acme Doors', taxRate: 0.0975 }),
    'GET /api/session': ok({ username: 'admin', roles: [ROLE_ADMIN, ROLE_USER] }),
    'GET /api/users/roles': ok([ROLE_USER, ROLE_ADMIN]),
    ...handlers,
  });
}

/**
 * Opens Admin at its `tab` (the ?tab= name) over the fake server of `handlers`, as an
 * administrator: answers the fetch mock, a user to act with and the app's query cache.
 */
export function openAdminTab(tab: string, handlers: Handlers = {}) {
  const fetchMock = stubAdmin(handlers);
  const user = userEvent.setup();
  const { queryClient } = renderApp(`/admin?tab=${tab}`);
  return { fetchMock, user, queryClient };
}

/** A 400 refusing bad fields, as the server answers it: the message and each field's issue. */
export const refused = (message: string, issues: Record<string, string>): FakeAnswer => ({
  status: 400,
  body: {
    status: 'FAILED',
    data: null,
    message,
    issues: Object.entries(issues).map(([field, text]) => ({ field, message: text })),
  },
});

/** Holds every `METHOD path` request until `release()`, to see what the screen shows meanwhile. */
export function holdRequests(fetchMock: FetchMock, method: string, path: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === path && (init?.method ?? 'GET') === method) await gate;
    return answer(input, init);
  });
  return { release };
}

/**
 * Presses the button named `button` with its `METHOD path` request held: the button says it is
 * busy (aria-disabled: it keeps focus, and a second press sends nothing), then the answer goes.
 */
export async function pressWhileHeld(
  user: ReturnType<typeof userEvent.setup>,
  fetchMock: FetchMock,
  button: string,
  method: string,
  path: string,
) {
  const { release } = holdRequests(fetchMock, method, path);
  await user.click(screen.getByRole('button', { name: button }));
  expect(screen.getByRole('button', { name: button }).getAttribute('aria-disabled')).toBe('true');
  release();
}

/** The JSON bodies sent with `METHOD path`, oldest first. */
export function bodiesOf(fetchMock: FetchMock, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init!.body)));
}

/** How many times `METHOD path` was asked. */
export function callCount(fetchMock: FetchMock, method: string, path: string): number {
  return fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
    .length;
}
