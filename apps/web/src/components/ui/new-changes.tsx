import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';
import { useLiveEvents, type LiveEventType } from '../../lib/live-events';

/**
 * A list's "New changes - refresh" button (docs/architecture.md section 11): shown when another
 * user changes what the list shows (a live event of `type` that `applies`), rather than rows
 * moving under the clerk's cursor. Pressing it reads the list again (`queryKey`) and hides it.
 * The changes of `me`, the signed-in user (this tab or another), show nothing: the list already
 * follows them.
 */
export function useNewChangesButton(
  me: string | undefined,
  type: LiveEventType,
  queryKey: QueryKey,
  applies: (data: Record<string, unknown>) => boolean = () => true,
) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  useLiveEvents({
    [type]: (e: Record<string, unknown>) => {
      if (e.user !== me && applies(e)) setShown(true);
    },
  });
  if (!shown) return null;
  return (
    <Button
      variant="outline-primary"
      size="sm"
      data-testid="new-changes"
      onClick={() => {
        setShown(false);
        void queryClient.invalidateQueries({ queryKey });
      }}
    >
      New changes - refresh
    </Button>
  );
}
