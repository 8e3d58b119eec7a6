/**
 * Bad-input messages in a clerk's words: a schema path such as body.priceOverride or
 * params.id becomes "Price override" or "The id in the address", never the path itself.
 */
import type { FieldIssue } from '@desk/domain';

export type InputPart = 'body' | 'params' | 'querystring' | 'headers' | string;

/** 'priceOverride' -> 'price override', 'loading_bay' -> 'loading bay', 'customerID' -> 'customer ID'. */
function words(segment: string): string {
  return segment
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()))
    .join(' ');
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The field a message is about, e.g. ['priceOverride'] -> 'Price override', ['0', 'id'] -> 'Row 1 id'. */
export function fieldName(part: InputPart, path: readonly (string | number)[]): string {
  const named = path
    .map((s) => (typeof s === 'number' || /^\d+$/.test(s) ? `row ${Number(s) + 1}` : words(s)))
    .filter(Boolean)
    .join(' ');
  if (part === 'params') return named ? `The ${named} in the address` : 'The address';
  if (part === 'querystring') return named ? capitalise(named) : 'The search options';
  if (part === 'headers') return named ? `The ${named} header` : 'A header';
  return named ? capitalise(named) : 'The request';
}

/** Splits 'body.items[2].name' (the form findNul reports) into its part and path. */
export function splitPath(dotted: string): { part: InputPart; path: string[] } {
  const [part = 'body', ...rest] = dotted.replace(/\[(\d+)\]/g, '.$1').split('.');
  return { part, path: rest.filter(Boolean) };
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  integer: 'a whole number',
};

/** Zod's own wording made plain; our schemas already say 'must be ...'. */
function plainReason(message: string): string {
  const expected = /^Invalid input: expected (\w+)/i.exec(message);
  if (expected) return `must be ${TYPE_WORDS[expected[1]!] ?? expected[1]}`;
  if (/^Invalid (input|option)$/i.test(message.trim())) return 'is not valid';
  if (/^Invalid option: expected one of/i.test(message))
    return message.replace(/^Invalid option: expected/i, 'must be');
  if (/^Unrecognized key/i.test(message)) return message.toLowerCase().replace(/^unrecognized/, 'has an unknown');
  return message;
}

/** A problem a schema check reports: where ('/items/2/quantity') and the rule's message. */
export interface SchemaProblem {
  instancePath: string;
  message?: string;
}

const pathOf = (instancePath: string) => instancePath.split('/').filter(Boolean);
/** The text ended with a full stop. */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/**
 * A schema check's problems as one message, each field's in a clerk's words and each field
 * once: "Price override must have at most 2 decimals; Quantity must be a number."
 */
export function schemaMessage(part: InputPart, problems: readonly SchemaProblem[]): string {
  const parts = problems.map((v) =>
    fieldMessage(part, pathOf(v.instancePath), v.message ?? 'is not valid').replace(/\.$/, ''),
  );
  return `${[...new Set(parts)].join('; ')}.`;
}

/**
 * The fields a schema check refused, each once with its reason ('items.2.quantity': 'must be a
 * number.'): the reason made plain, or as the schema words it when `plain` is false (a schema
 * whose messages name their fields, as the company settings' do).
 */
export function schemaIssues(problems: readonly SchemaProblem[], plain = true): FieldIssue[] {
  const issues = new Map<string, FieldIssue>();
  for (const v of problems) {
    const field = pathOf(v.instancePath).join('.');
    const reason = (v.message ?? 'is not valid').trim();
    const message = sentence(plain ? plainReason(reason) : reason);
    if (field) issues.set(`${field}\n${message}`, { field, message });
  }
  return [...issues.values()];
}

/** "Price override must have at most 2 decimals" from the field and the schema's reason. */
export function fieldMessage(part: InputPart, path: readonly (string | number)[], message: string): string {
  const reason = plainReason(message.trim());
  const field = fieldName(part, path);
  // A reason that reads on from the field ("must be ...", "is required") follows it directly.
  return /^(must|is|are|may|has|cannot|should|needs)\b/.test(reason) ? `${field} ${reason}` : `${field}: ${reason}`;
}
