import { ROLE_USER } from '@desk/domain';
import { ok, stubApi } from './fake-api';

/** The API as a signed-in staff user (not an administrator) sees it, plus `handlers`. */
export function stubSales(handlers: Parameters<typeof stubApi>[0]) {
  return stubApi({
    'GET /api/config': ok({ companyName: 'Acme Doors', taxRate: 0.0975 }),
    'GET /api/session': ok({ username: 'ann', roles: [ROLE_USER] }),
    'GET /api/users/roles': ok([ROLE_USER]),
    ...handlers,
  });
}

/** The URLs fetched that start with `prefix`, e.g. a list's page requests. */
export const requestsTo = (fetchMock: ReturnType<typeof stubApi>, prefix: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));

/** The JSON body of the first `method` request to `path`. */
export const bodyOf = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => String(url) === path && init?.method === method);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};
