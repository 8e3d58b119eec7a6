import type { DocumentHeader, DocumentKind } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KIND_INFO } from '../kinds';
import { api } from '../../../lib/api-client';
import { documentKeys } from './query-keys';

/** The body of orders/create and quotes/create; orderStatus and orderPickup are orders only. */
export interface CreateDocumentInput {
  customer: { id: number };
  jobName: string | null;
  poNumber: string | null;
  specialInstructions: string | null;
  useTax: boolean;
  noPricePrint: boolean;
  orderStatus?: { id: number } | null;
  orderPickup?: boolean;
}

export interface CreatedDocument {
  document: DocumentHeader;
  /** 'Order created' / 'Quote created', for the 'Create succeeded' banner. */
  message: string;
}

/**
 * POST /api/{orders|quotes}/create, answered 201 with the new document. The same
 * Idempotency-Key on a retry answers the first result instead of creating a second one.
 */
export async function createDocument(
  kind: DocumentKind,
  input: CreateDocumentInput,
  idempotencyKey: string,
): Promise<CreatedDocument> {
  const { data, message } = await api.request<DocumentHeader>('POST', `${KIND_INFO[kind].base}/create`, input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { document: data, message };
}

export function useCreateDocument(kind: DocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateDocumentInput; idempotencyKey: string }) =>
      createDocument(kind, input, idempotencyKey),
    onSuccess: ({ document }) => {
      queryClient.setQueryData(documentKeys.detail(kind, document.id), document);
      return queryClient.invalidateQueries({ queryKey: documentKeys.lists(kind) });
    },
  });
}
