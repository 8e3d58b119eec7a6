import type { ImportJob, ImportKind, ImportMapping, ImportMode, ImportPreview } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ImportRequest {
  kind: ImportKind;
  file: File;
  mapping?: ImportMapping;
  mode?: ImportMode;
}

function formOf(req: ImportRequest, dryRun: boolean): FormData {
  const form = new FormData();
  form.append('file', req.file, req.file.name);
  if (req.mapping) form.append('mapping', JSON.stringify(req.mapping));
  form.append('mode', req.mode ?? 'all');
  form.append('dryRun', dryRun ? 'true' : 'false');
  return form;
}

/** POST /api/import/{kind} with dryRun: the preview, nothing written. */
export function previewImport(req: ImportRequest) {
  return api.upload<ImportPreview>(`/api/import/${req.kind}`, formOf(req, true));
}

/** POST /api/import/{kind}: starts the job; the key makes a second click answer the same job. */
export function startImport(req: ImportRequest, idempotencyKey: string) {
  return api.upload<{ jobId: number }>(`/api/import/${req.kind}`, formOf(req, false), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** GET /api/import/jobs/{id}, asked again every half second while the job runs. */
export const useImportJob = (jobId: number | null) =>
  useQuery({
    queryKey: ['import-jobs', jobId],
    queryFn: ({ signal }) => api.get<ImportJob>(`/api/import/jobs/${jobId}`, { signal }),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data?.state === 'running' || !q.state.data ? 500 : false),
  });
