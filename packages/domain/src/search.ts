/**
 * Text search used by pickers: ignores case and accents, trims the input and matches anywhere
 * (docs/product.md section 9).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function matchesSearch(haystack: string, needle: string): boolean {
  const n = foldForSearch(needle.trim());
  if (n === '') return true;
  return foldForSearch(haystack).includes(n);
}

/** The customer dropdown label: customerNo, name, contactName and id joined with ' - '. */
export function customerLabel(c: {
  id: number;
  customerNo?: string | null;
  name?: string | null;
  contactName?: string | null;
}): string {
  return [c.customerNo, c.name, c.contactName, String(c.id)].map((v) => v ?? '').join(' - ');
}
