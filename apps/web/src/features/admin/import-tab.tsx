import {
  IMPORT_FIELDS,
  type ImportKind,
  type ImportMapping,
  type ImportMode,
  type ImportPreview,
  type ImportProblem,
  type ImportUpdate,
} from '@desk/domain';
import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { errorText } from '../../components/ui/result-banner';
import { newIdempotencyKey } from '../../lib/api-client';
import { previewImport, startImport, useImportJob } from './api/import-file';
import './admin.css';
import { TableHead } from '../../components/ui/table-head';
import { RadioChoices } from '../../components/ui/radio-choices';

const KINDS: Array<{ kind: ImportKind; label: string }> = [
  { kind: 'products', label: 'Products' },
  { kind: 'customers', label: 'Customers' },
  { kind: 'vendor-orders', label: 'Vendor orders' },
  { kind: 'stock', label: 'Stock (on hand, reorder points)' },
];

/** What the Import button says it writes: "Import 12 vendor orders", "Import 40 stock rows". */
const WRITES_NOUN: Record<ImportKind, string> = {
  products: 'products',
  customers: 'customers',
  'vendor-orders': 'vendor orders',
  stock: 'stock rows',
};

const SOURCE_WORDS: Record<ImportPreview['mappingSource'], string> = {
  given: 'as you chose',
  remembered: 'as last used for these headers',
  guessed: 'guessed from the headers',
};

const n = (x: number) => x.toLocaleString('en-US');
/** '1 row', '2 rows'. */
const count = (x: number, one: string) => `${n(x)} ${one}${x === 1 ? '' : 's'}`;

function ProblemsTable({ problems, total, caption }: { problems: ImportProblem[]; total: number; caption: string }) {
  if (!problems.length) return null;
  return (
    // Scrolls when long: focusable, so a keyboard can scroll it too.
    <div className="import-problems mb-3" tabIndex={0} role="region" aria-label={caption}>
      <Table size="sm" striped bordered className="mb-1">
        <caption className="caption-top">
          {caption}
          {total > problems.length ? ` (the first ${n(problems.length)} of ${n(total)})` : ''}
        </caption>
        <TableHead columns={['Row', 'Column', 'Problem']} />
        <tbody>
          {problems.map((p, i) => (
            <tr key={i}>
              <td>{p.row}</td>
              <td>{p.column}</td>
              <td>{p.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** Each row the import would update: the record it matched, and each field's value now and after. */
function UpdatesTable({ updated, total }: { updated: ImportUpdate[]; total: number }) {
  if (!updated.length) return null;
  const shown = (v: string | null) => (v === null || v === '' ? '(empty)' : v);
  return (
    // Scrolls when long: focusable, so a keyboard can scroll it too.
    <div className="import-problems mb-3" tabIndex={0} role="region" aria-label="Rows to update">
      <Table size="sm" bordered className="mb-1">
        <caption className="caption-top">
          Rows to update
          {total > updated.length ? ` (the first ${n(updated.length)} of ${n(total)})` : ''}
        </caption>
        <TableHead columns={['Row', 'Record', 'Field', 'Now', 'After the import']} />
        <tbody>
          {updated.flatMap((u) =>
            u.changes.map((c, i) => (
              <tr key={`${u.row}-${c.field}`}>
                {i === 0 && (
                  <>
                    <td rowSpan={u.changes.length}>{u.row}</td>
                    <td rowSpan={u.changes.length}>{u.record}</td>
                  </>
                )}
                <td>{c.label}</td>
                <td>{shown(c.from)}</td>
                <td>{shown(c.to)}</td>
              </tr>
            )),
          )}
        </tbody>
      </Table>
    </div>
  );
}

/** The running or finished job: a progress bar fed by polling, then the result. */
function JobProgress({ jobId }: { jobId: number }) {
  const job = useImportJob(jobId);
  const j = job.data;
  if (job.error) return <Banner variant="danger" title={errorText(job.error)} />;
  if (!j) return <Spinner animation="border" size="sm" role="status" aria-label="Starting the import" />;
  const percent = j.total ? Math.round((j.processed / j.total) * 100) : 0;
  return (
    <div aria-live="polite">
      {j.state === 'running' && (
        <>
          <p className="mb-1">
            Importing {j.fileName ?? 'the file'}: {n(j.processed)} of {n(j.total)} rows
          </p>
          {/* Bootstrap's own markup, the role on the outer element, so the label and values are the bar's. */}
          <div
            className="progress"
            role="progressbar"
            aria-label="Import progress"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuetext={`${n(j.processed)} of ${n(j.total)} rows`}
          >
            <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${percent}%` }}>
              {percent}%
            </div>
          </div>
        </>
      )}
      {j.state === 'done' && (
        <Banner
          variant="success"
          title={`Imported: ${n(j.created)} new, ${n(j.updated)} updated${j.skipped ? `, ${count(j.skipped, 'row')} with problems skipped` : ''}.`}
        />
      )}
      {j.state === 'failed' && <Banner variant="danger" title={j.message ?? 'The import failed.'} />}
      {j.state !== 'running' && (
        <ProblemsTable problems={j.problems} total={j.problemCount} caption="Problems of the import" />
      )}
    </div>
  );
}

/**
 * Admin > Import (docs/architecture.md section 15): choose what and the file, check the preview
 * (the mapping of our fields to the file's columns, editable; the counts; the problems per row;
 * each row it will update with the old and new values),
 * choose what to do with problem rows, and run it with a progress bar fed by the job.
 */
export function ImportTab() {
  const [kind, setKind] = useState<ImportKind>('products');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [preview, setPreview] = useState<(ImportPreview & { key: string }) | null>(null);
  const [stale, setStale] = useState(false);
  const [mode, setMode] = useState<ImportMode>('all');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);

  const reset = () => {
    setPreview(null);
    setMapping(null);
    setStale(false);
    setJobId(null);
    setError(null);
  };

  async function handlePreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || busy) {
      if (!file) setError('Choose a CSV or XLSX file first.');
      return;
    }
    setBusy(true);
    setError(null);
    setJobId(null);
    try {
      const { data } = await previewImport({ kind, file, ...(mapping ? { mapping } : {}) });
      setPreview({ ...data, key: newIdempotencyKey() });
      setMapping(data.mapping);
      setStale(false);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  async function handleRun() {
    if (!file || !preview || !mapping || busy || stale) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = await startImport({ kind, file, mapping, mode }, preview.key);
      setJobId(data.jobId);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const fields = IMPORT_FIELDS[kind];
  const writes = preview ? preview.creates + preview.updates : 0;

  return (
    <div className="import-tab">
      <div aria-live="polite">{error && <Banner variant="danger" title={error} onClose={() => setError(null)} />}</div>
      <Form noValidate onSubmit={(e) => void handlePreview(e)} className="mb-3">
        <Row className="g-2 align-items-end">
          <Form.Group as={Col} md={3} controlId="import-kind">
            <Form.Label>What to import</Form.Label>
            <Form.Select
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as ImportKind);
                reset();
              }}
            >
              {KINDS.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {k.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group as={Col} md={6} controlId="import-file">
            <Form.Label>File (CSV or XLSX, a header row first)</Form.Label>
            <Form.Control
              type="file"
              accept=".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile((e.target as HTMLInputElement).files?.[0] ?? null);
                reset();
              }}
            />
          </Form.Group>
          <Col md={3}>
            <Button type="submit" variant={preview && !stale ? 'outline-primary' : 'primary'} disabled={busy}>
              {busy && !jobId ? 'Reading...' : preview ? 'Preview again' : 'Preview'}
            </Button>
          </Col>
        </Row>
      </Form>

      {preview && mapping && (
        <>
          <p aria-live="polite" className="mb-2">
            <strong>{count(preview.rows, 'row')}:</strong> {n(preview.creates)} new, {n(preview.updates)} to update
            {preview.unchanged ? `, ${n(preview.unchanged)} unchanged` : ''};{' '}
            {preview.problemCount
              ? `${count(preview.problemCount, 'problem')} in ${count(preview.badRows, 'row')}`
              : 'no problems'}
            .
          </p>
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">
              Columns ({SOURCE_WORDS[preview.mappingSource]}){stale ? ': changed, preview again to check' : ''}
            </legend>
            <Row className="g-2">
              {fields.map((f) => (
                <Form.Group as={Col} sm={6} lg={4} key={f.key} controlId={`import-map-${f.key}`}>
                  <Form.Label className="mb-0 small">
                    {f.label}
                    {f.required ? ' (needed)' : ''}
                  </Form.Label>
                  <Form.Select
                    size="sm"
                    value={mapping[f.key] ?? ''}
                    onChange={(e) => {
                      const next = { ...mapping };
                      if (e.target.value) next[f.key] = e.target.value;
                      else delete next[f.key];
                      setMapping(next);
                      setStale(true);
                      setJobId(null);
                    }}
                  >
                    <option value="">(not imported)</option>
                    {preview.headers.filter(Boolean).map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              ))}
            </Row>
          </fieldset>
          <ProblemsTable problems={preview.problems} total={preview.problemCount} caption="Problems, by row" />
          <UpdatesTable updated={preview.updated} total={preview.updates} />
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">When a row has a problem</legend>
            <RadioChoices
              name="import-mode"
              value={mode}
              onChange={setMode}
              choices={[
                { value: 'all', label: 'Import nothing until every row is right' },
                { value: 'valid', label: 'Import the rows without problems, skip the others' },
              ]}
            />
          </fieldset>
          <Button
            variant="primary"
            onClick={() => void handleRun()}
            disabled={busy || stale || writes === 0 || (mode === 'all' && preview.problemCount > 0) || jobId !== null}
          >
            {`Import ${n(writes)} ${WRITES_NOUN[kind]}`}
          </Button>
          {mode === 'all' && preview.problemCount > 0 && (
            <p className="small text-body-secondary mt-1 mb-0">
              Mend the problems in the file and preview it again, or choose to skip the rows with problems.
            </p>
          )}
        </>
      )}
      {jobId !== null && (
        <div className="mt-3">
          <JobProgress jobId={jobId} />
        </div>
      )}
    </div>
  );
}
