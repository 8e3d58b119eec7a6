/**
 * How answers with a response schema are written (docs/decisions/015-response-schemas.md).
 *
 * In production an answer is written as it always was, with JSON.stringify: nothing is parsed,
 * nothing is stripped, and the hot lists pay nothing for their schema. With `checkResponses`
 * (the tests' app) every 2xx answer is checked against its route's schema first: a missing or
 * mistyped field, or a field the schema does not describe, fails the request with a 500 naming
 * the route and the field, so the whole server suite checks every answer it gets.
 */
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noDataSchema, okEnvelopeSchema } from '@desk/domain';
import { HttpError } from './errors.js';

type SerializerCompiler = (route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}) => (data: unknown) => string;

/** The paths where `wire` (what was sent) differs from `described` (what the schema kept of it). */
export function undescribed(wire: unknown, described: unknown, at = ''): string[] {
  const path = (key: string | number) => (at ? `${at}.${key}` : String(key));
  if (Array.isArray(wire)) {
    if (!Array.isArray(described) || described.length !== wire.length) return [at || '(the answer)'];
    return wire.flatMap((v, i) => undescribed(v, described[i], path(i)));
  }
  if (wire !== null && typeof wire === 'object') {
    if (described === null || typeof described !== 'object' || Array.isArray(described)) return [at || '(the answer)'];
    const d = described as Record<string, unknown>;
    return Object.entries(wire).flatMap(([k, v]) =>
      k in d ? undescribed(v, d[k], path(k)) : [`${path(k)}: not in the schema`],
    );
  }
  return Object.is(wire, described) ? [] : [`${at || '(the answer)'}: changed by the schema`];
}

/** A message naming the route and every problem, e.g. "data.items.0.price: expected number". */
function problems(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.map(String).join('.') || '(the answer)'}: ${i.message}`)
    .slice(0, 10)
    .join('; ');
}

export class ResponseSchemaError extends HttpError {
  constructor(method: string, url: string, status: string | undefined, detail: string) {
    super(
      500,
      `The answer of ${method} ${url} (${status ?? 'any status'}) breaks its response schema: ${detail}`,
      'RESPONSE_SCHEMA',
    );
  }
}

export function responseSerializerCompiler(checkResponses: boolean): SerializerCompiler {
  return ({ schema, method, url, httpStatus }) => {
    if (!checkResponses || !(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    return (data) => {
      const json = JSON.stringify(data);
      // What the client receives is the JSON text: check that (dates as strings, no undefined).
      const wire: unknown = json === undefined ? undefined : JSON.parse(json);
      const result = schema.safeParse(wire);
      const detail = result.success ? undescribed(wire, result.data).slice(0, 10).join('; ') : problems(result.error);
      if (detail) {
        const error = new ResponseSchemaError(method, url, httpStatus, detail);
        // Shown in the test output next to the failed expectation (the 500 hides nothing here).
        console.error(error.message);
        throw error;
      }
      return json;
    };
  };
}

/** A route's `response` for the usual answers: ok(data) with 200, a create's 201, or no data. */
export const answers = {
  ok: <T extends z.ZodType>(data: T) => ({ 200: okEnvelopeSchema(data) }),
  created: <T extends z.ZodType>(data: T) => ({ 201: okEnvelopeSchema(data) }),
  none: { 200: okEnvelopeSchema(noDataSchema) },
};

/** A JSON schema of an object whose names are free: properties none, additionalProperties set. */
function isFreeFormObject(schema: unknown): schema is Record<string, unknown> {
  if (schema === null || typeof schema !== 'object') return false;
  const s = schema as Record<string, unknown>;
  return s.type === 'object' && s.properties === undefined && s.additionalProperties !== undefined;
}

/**
 * The OpenAPI transform: fastify-type-provider-zod's, with a free-form query string (a list's
 * page, size, sort and per-column filters, lib/paging.ts listQuerySchema) written as OpenAPI 3.0
 * writes "any name=value pairs": one object parameter with style form and explode. @fastify/swagger
 * makes one parameter of each property of a query schema, and a schema with no properties had its
 * own keywords (type, additionalProperties, default) published as parameters, which no OpenAPI
 * validator or client generator accepts. Only the description changes: requests are still checked
 * by the route's zod schema.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const described = jsonSchemaTransform(input);
  const query: unknown = described.schema.querystring;
  if (!isFreeFormObject(query)) return described;
  const filters = { ...query, description: 'page, size, sort and a contains filter per column, as name=value' };
  return {
    ...described,
    schema: {
      ...described.schema,
      querystring: { type: 'object', style: 'form', explode: true, properties: { filters } },
    },
  };
};
