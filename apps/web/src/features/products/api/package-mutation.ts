import type { PackageModifierInput } from '@desk/domain';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A change to one of a package's lists (its associated parts or its modifiers): the list is
 * asked again once the server has answered.
 */
export function usePackageListMutation<TArgs extends { packageId: number }, TResult>(
  mutationFn: (args: TArgs) => Promise<TResult>,
  list: (packageId: number) => QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, { packageId }) => queryClient.invalidateQueries({ queryKey: list(packageId) }),
  });
}

/** The body of a modifier's create and update: the product as a reference, { id }. */
export function packageModifierBody(packageId: number, input: PackageModifierInput) {
  return { ...input, packageId, product: input.product === null ? null : { id: input.product } };
}
