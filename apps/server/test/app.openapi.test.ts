/**
 * The published API description (GET /api/docs/json) is a valid OpenAPI document, so a client
 * generator can read it (docs/decisions/002-fastify-zod-openapi.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, engines, type TestApp } from './support.js';

describe.each(engines())('the OpenAPI document (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('passes an OpenAPI 3.0 validator with no error', async () => {
    const res = await t.app.inject({ url: '/api/docs/json', headers: { cookie: await t.login() } });
    expect(res.statusCode).toBe(200);
    const spec = res.json<Record<string, unknown>>();
    expect(spec.openapi).toMatch(/^3\.0\./);
    const validator = new Validator({ allErrors: true });
    const result = await validator.validate(spec);
    const errors = typeof result.errors === 'string' ? [result.errors] : (result.errors ?? []);
    expect(errors.map((e) => (typeof e === 'string' ? e : `${e.instancePath}: ${e.message}`))).toEqual([]);
    expect(result.valid).toBe(true);
    // A list's free query string is one exploded object parameter, not the schema's keywords.
    const paths = spec.paths as Record<string, { get?: { parameters?: Array<Record<string, unknown>> } }>;
    expect(paths['/api/admin/security-events']?.get?.parameters).toEqual([
      {
        in: 'query',
        name: 'filters',
        required: false,
        style: 'form',
        explode: true,
        description: 'page, size, sort and a contains filter per column, as name=value',
        schema: { type: 'object', additionalProperties: { type: 'string', maxLength: 200 }, default: {} },
      },
    ]);
  });
});
