import { Fragment, useState, type ReactNode } from 'react';

/**
 * A modal the Stock page opens: what it shows, whether it is shown or closing, and a new `seq`
 * for each opening (its key). The same as the lists' useModalSlot (components/ui/row-actions.tsx),
 * kept here so the Sales page's shared chunks are not split by the Stock page's imports (the
 * /sales budget, docs/performance.md).
 */
export function useStockModal<T>() {
  const [slot, setSlot] = useState<{ seq: number; value: T; show: boolean } | null>(null);
  return {
    slot,
    open: (value: T) => setSlot((s) => ({ seq: (s?.seq ?? 0) + 1, value, show: true })),
    close: () => setSlot((s) => (s ? { ...s, show: false } : s)),
    exited: () => setSlot((s) => (s?.show ? s : null)),
  };
}

/** The modal while it is open or closing, drawn by `children`; each opening mounts a new one. */
export function StockModal<T>({
  modal: { slot, close, exited },
  children,
}: {
  modal: ReturnType<typeof useStockModal<T>>;
  children: (value: T, props: { show: boolean; onClose: () => void; onExited: () => void }) => ReactNode;
}) {
  if (!slot) return null;
  return (
    <Fragment key={slot.seq}>{children(slot.value, { show: slot.show, onClose: close, onExited: exited })}</Fragment>
  );
}
