import { BAY_IDS, type BayData } from '@desk/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { loaderKeys } from './api/query-keys';

/** What a scan found: the bay holding the order as its load, or why none is selected. */
export type ScanResult = { found: true; bayId: number; orderId: number; text: string } | { found: false; text: string };

/**
 * The order number a pick ticket's barcode holds (docs/architecture.md section 11,
 * Scan-to-complete); a clerk may also type "#123" or "Order 123". Null when there is none.
 */
export function orderNumberOf(code: string): number | null {
  const m = /^\s*(?:order\s*)?#?\s*(\d{1,9})\s*$/i.exec(code);
  return m ? Number(m[1]) : null;
}

/** Where `orderId` is in the yard, from the bays as the Loading Grid last loaded them. */
export function findInBays(orderId: number, bays: ReadonlyMap<number, BayData | undefined>): ScanResult {
  for (const [bayId, bay] of bays) {
    if (bay?.orderId === orderId) {
      const who = bay.customerName ? ` (${bay.customerName})` : '';
      return {
        found: true,
        bayId,
        orderId,
        text: `Order #${orderId} is in Bay ${bayId}${who}: ticked. Press Complete Orders to complete it.`,
      };
    }
  }
  for (const [bayId, bay] of bays) {
    if (bay?.next.some((n) => n.orderId === orderId)) {
      return {
        found: false,
        text: `Order #${orderId} is assigned to Bay ${bayId} but not loaded yet, so it cannot be completed.`,
      };
    }
  }
  return { found: false, text: `Order #${orderId} is not in any bay.` };
}

/**
 * The Loading Grid's scan field: a USB or Bluetooth scanner types the pick ticket's code and
 * Enter. It has the focus when the grid opens (a yard tablet has nothing else to type into) and
 * keeps it for the next scan. What the scan found goes to `onAnswer` (the grid says it in its
 * status line and highlights the bay); completing stays one explicit press of Complete Orders.
 */
export function ScanField({ onAnswer }: { onAnswer: (result: ScanResult) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  useEffect(() => input.current?.focus(), []);

  const scan = () => {
    const text = code.trim();
    setCode('');
    if (!text) return;
    const orderId = orderNumberOf(text);
    if (orderId === null) {
      onAnswer({ found: false, text: `"${text}" is not an order number.` });
      return;
    }
    const bays = new Map(BAY_IDS.map((b) => [b, queryClient.getQueryData<BayData>(loaderKeys.bay(b))] as const));
    onAnswer(findInBays(orderId, bays));
  };

  return (
    <Form
      className="bay-scan"
      onSubmit={(e) => {
        e.preventDefault();
        scan();
      }}
    >
      <Form.Label htmlFor={id} className="mb-0 small fw-semibold text-nowrap">
        Scan pick ticket
      </Form.Label>
      <Form.Control
        ref={input}
        id={id}
        size="sm"
        className="bay-scan-input"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        placeholder="Scan or type an order number"
        autoComplete="off"
        inputMode="numeric"
        enterKeyHint="go"
        aria-describedby="bay-status-line"
      />
    </Form>
  );
}
