import { APP_PATHS } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../lib/navigation';
import { api } from '../../../lib/api-client';
import { forgetSignedInUser } from '../redirect-target';
import { resetUserState } from '../reset-user-state';

export function logout(): Promise<unknown> {
  return api.post('/api/logout');
}

/** Signs out, forgets the user's cached data and goes to /login, even if the call failed. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => {
      console.warn('Sign out failed', error);
    },
    onSettled: () => {
      // With the session query already null, /login shows its form instead of bouncing back.
      resetUserState(queryClient);
      forgetSignedInUser();
      void navigate(APP_PATHS.login, { replace: true });
    },
  });
}
