/** TanStack Query keys of the customers feature; invalidating `all` refreshes every customer view. */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  detail: (id: number) => [...customerKeys.all, 'detail', id] as const,
};

/** What a saved or deleted customer refreshes: its own query and the customer lists. */
export const customerQueries = () => ({ detailKey: customerKeys.detail, lists: [customerKeys.lists()] });
