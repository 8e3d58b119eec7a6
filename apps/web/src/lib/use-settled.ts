import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms`: a fast typist sends one search, not one per key. */
export function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
