/**
 * The cache work every create, update, duplicate and delete of a record does (customers,
 * products, vendor orders): the saved record goes into its detail query at once, so the modal
 * shows the server's answer without asking again, and the lists that show it are asked again.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from './api-client';

interface RecordMutation<TArgs, TResult> {
  mutationFn: (args: TArgs) => Promise<TResult>;
  /** The record's detail query. */
  detailKey: (id: number) => QueryKey;
  /** The queries that list the record (asked again after the change). */
  lists: readonly QueryKey[];
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return {
    queryClient,
    invalidate: (keys: readonly QueryKey[]) =>
      Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  };
}

/** A create, update or duplicate: `record` picks the saved record out of the answer. */
export function useSaveRecord<TArgs, TResult, TRecord extends { id: number }>({
  mutationFn,
  detailKey,
  lists,
  record,
}: RecordMutation<TArgs, TResult> & { record: (result: TResult) => TRecord }) {
  const { queryClient, invalidate } = useInvalidate();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      const saved = record(result);
      queryClient.setQueryData(detailKey(saved.id), saved);
      return invalidate(lists);
    },
  });
}

/** A delete by id: the record's detail query goes, its lists are asked again. */
export function useDeleteRecord<TResult>({ mutationFn, detailKey, lists }: RecordMutation<number, TResult>) {
  const { queryClient, invalidate } = useInvalidate();
  return useMutation({
    mutationFn,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: detailKey(id) });
      return invalidate(lists);
    },
  });
}

/** The answer is the record itself. */
export const itself = <T>(record: T) => record;

/** A create's answer: the new record and the server's message ('Customer created') for the banner. */
export interface Created<T> {
  record: T;
  message: string;
}

/** POST a new record to its create call (answered 201 with the record and its id). */
export async function createRecord<T>(path: string, input: unknown): Promise<Created<T>> {
  const { data: record, message } = await api.request<T>('POST', path, input);
  return { record, message };
}

/** The new record out of a create's answer. */
export const createdRecord = <T>({ record }: Created<T>) => record;
