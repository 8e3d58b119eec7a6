import { ROLE_USER } from '@desk/domain';
import userEvent from '@testing-library/user-event';
import { ok, stubApi } from './fake-api';
import { renderApp } from './render-app';

/** The API as a signed-in staff user (not an administrator) sees it, plus `handlers`. */
export function stubSales(handlers: Parameters<typeof stubApi>[0]) {
  return stubApi({
    'GET /api/config': ok({ companyName: 'Acme Doors', taxRate: 0.0975 }),
    'GET /api/session': ok({ username: 'ann', roles: [ROLE_USER] }),
    'GET /api/users/roles': ok([ROLE_USER]),
    ...handlers,
  });
}

/**
 * Opens Sales at its `tab` (the ?tab= name) over `stubSales(handlers)`: answers the fetch mock
 * and a user to act with.
 */
export function openSalesTab(tab: string, handlers: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubSales(handlers);
  const user = userEvent.setup();
  renderApp(`/sales?tab=${tab}`);
  return { fetchMock, user };
}

/** The URLs fetched that start with `prefix`, e.g. a list's page requests. */
export const requestsTo = (fetchMock: ReturnType<typeof stubApi>, prefix: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));

/** The JSON body of the first `method` request to `path`. */
export const bodyOf = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => String(url) === path && init?.method === method);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};
