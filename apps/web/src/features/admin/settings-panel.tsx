import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Col, Row } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { Loading } from '../../components/ui/loading';
import { BusyButton } from '../../components/ui/busy-button';
import { ReloadLatestButton } from '../../components/ui/record-editor-modal';
import { errorText, ResultBanner, type SaveResult } from '../../components/ui/result-banner';
import { isApiError } from '../../lib/api-client';

/**
 * Saving a versioned settings record (company, e-mail): the result banner, and after a 409 the
 * 'Reload the latest version' button that fetches the stored one.
 */
export function useSettingsSave<Input>(
  query: Pick<UseQueryResult, 'refetch'>,
  update: { mutateAsync: (input: Input) => Promise<unknown>; reset: () => void; error: unknown },
) {
  const [result, setResult] = useState<SaveResult | null>(null);
  const stale = result?.kind === 'update-failed' && isApiError(update.error) && update.error.httpStatus === 409;

  /** `onFailure` sees the error before the banner shows it. */
  const save = async (input: Input, onFailure?: (e: unknown) => void) => {
    setResult(null);
    try {
      await update.mutateAsync(input);
      setResult({ kind: 'updated' });
    } catch (e) {
      onFailure?.(e);
      setResult({ kind: 'update-failed', error: errorText(e) });
    }
  };

  const reload = async () => {
    setResult(null);
    update.reset();
    await query.refetch();
  };

  return { result, clear: () => setResult(null), stale, save, reload };
}

export interface SaveStatusProps {
  status: Pick<ReturnType<typeof useSettingsSave>, 'result' | 'clear' | 'stale' | 'reload'>;
  /** The reload runs. */
  reloading: boolean;
}

/**
 * Under a settings form's Save, where the clerk is looking: the save's banner (scrolled into
 * view when it appears, however long the form), and the reload button after a conflict.
 */
export function SaveStatus({ status, reloading }: SaveStatusProps) {
  const live = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status.result) live.current?.scrollIntoView?.({ block: 'nearest' });
  }, [status.result]);
  return (
    <>
      <div aria-live="polite" ref={live} className="mt-3">
        <ResultBanner result={status.result} onClose={status.clear} />
      </div>
      {status.stale && (
        <div className="d-flex justify-content-end mb-3">
          <ReloadLatestButton size="sm" reloading={reloading} onReload={() => void status.reload()} />
        </div>
      )}
    </>
  );
}

/** The settings could not be loaded: what went wrong and a Try again button. */
export function LoadFailedBanner({ title, query }: { title: string; query: UseQueryResult }) {
  return (
    <Banner variant="danger" title={title}>
      <small>{errorText(query.error)}</small>
      <div className="mt-2">
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Try again
        </Button>
      </div>
    </Banner>
  );
}

/** A settings form's Save ('Saving...' while the request runs). */
export function SaveButton({ saving }: { saving: boolean }) {
  return (
    <BusyButton type="submit" variant="primary" busy={saving} style={{ minWidth: '6.5rem' }}>
      {saving ? 'Saving...' : 'Save'}
    </BusyButton>
  );
}

export interface SettingsLayoutProps<D extends { version: number }> {
  query: UseQueryResult<D>;
  status: SaveStatusProps['status'];
  /** The banner's title when the settings cannot be loaded. */
  loadFailedTitle: string;
  /** The line above the form. */
  intro: ReactNode;
  /** The form column's widths; the row's class, e.g. a gutter. */
  col: { lg: number; xl: number };
  rowClassName?: string;
  /** Columns beside the form's, e.g. help. */
  aside?: ReactNode;
  form: (data: D) => ReactNode;
}

/** A settings tab: loading, a load failure, or the intro and the form with its save status under it. */
export function SettingsLayout<D extends { version: number }>(props: SettingsLayoutProps<D>) {
  const { query, status, loadFailedTitle, intro, col, rowClassName, aside, form } = props;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailedBanner title={loadFailedTitle} query={query} />;
  return (
    <>
      <p className="text-secondary small">{intro}</p>
      <Row className={rowClassName}>
        <Col lg={col.lg} xl={col.xl}>
          {/* A new version from the server (a save or a reload) starts the form afresh from it. */}
          <Fragment key={query.data.version}>{form(query.data)}</Fragment>
          <SaveStatus status={status} reloading={query.isFetching} />
        </Col>
        {aside}
      </Row>
    </>
  );
}
