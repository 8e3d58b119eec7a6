/**
 * Response schemas (docs/decisions/015-response-schemas.md): every 2xx answer of every operation
 * is described in the OpenAPI document, and under test an answer that breaks its schema fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerSchema, type Customer } from '@desk/domain';
import { buildApp } from '../src/app.js';
import { answers } from '../src/lib/response-schemas.js';
import { createTestApp, engines, type TestApp } from './support.js';

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The app with three routes whose answers break the customer schema, and one that keeps it. */
async function appWithWrongAnswers(t: TestApp, customer: Customer, checkResponses: boolean): Promise<FastifyInstance> {
  const app = await buildApp({
    config: t.config,
    database: t.db.database,
    clock: t.clock,
    logger: false,
    checkResponses,
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = { response: answers.ok(customerSchema) };
  const route = (path: string, data: unknown) =>
    typed.get(
      path,
      { config: { access: 'public' }, schema },
      async () => ({ status: 'OK', data, message: '' }) as never,
    );
  route('/api/test/right', customer);
  route('/api/test/extra-field', { ...customer, secret: 'hash' });
  route('/api/test/missing-field', { ...customer, name: undefined });
  route('/api/test/wrong-type', { ...customer, openOrders: '3' });
  await app.ready();
  return app;
}

describe.each(engines())('response schemas (%s)', (kind) => {
  let t: TestApp;
  /** A real answer of customers/create: what the schema describes; the routes below break it. */
  let customer: Customer;
  let spec: () => Promise<ReturnType<FastifyInstance['inject']>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const cookie = await t.login();
    spec = () => t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/customers/create',
      headers: { cookie },
      payload: { name: 'Harbor Doors', customerNo: 'C-1' },
    });
    customer = created.json().data;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the OpenAPI document gives every 2xx answer of every operation a response schema', async () => {
    const res = await spec();
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>>> }>();
    const missing: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        operations += 1;
        const success = Object.entries(op.responses ?? {}).filter(([code]) => /^2/.test(code));
        if (success.length === 0) missing.push(`${method.toUpperCase()} ${path}: no 2xx answer`);
        for (const [code, answer] of success) {
          const content = Object.entries(answer.content ?? {});
          if (content.length === 0) missing.push(`${method.toUpperCase()} ${path} ${code}: no content`);
          for (const [type, { schema }] of content) {
            if (type === 'application/json') {
              // The envelope: { status: 'OK', data, message }.
              const props = (schema?.properties ?? {}) as Record<string, unknown>;
              if (!props.status || !('data' in props) || !props.message)
                missing.push(`${method.toUpperCase()} ${path} ${code}: not the envelope`);
            } else if (type === 'text/event-stream') {
              if (schema?.type !== 'string') missing.push(`${method.toUpperCase()} ${path} ${code}: stream not text`);
            } else if (type === 'application/pdf') {
              if (schema?.format !== 'binary') missing.push(`${method.toUpperCase()} ${path} ${code}: PDF not binary`);
            } else if (
              type === 'text/csv' ||
              type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            ) {
              // The export's files (section 14).
              if (schema?.type !== 'string') missing.push(`${method.toUpperCase()} ${path} ${code}: export not a file`);
            } else {
              missing.push(`${method.toUpperCase()} ${path} ${code}: unexpected ${type}`);
            }
          }
        }
      }
    }
    expect(missing).toEqual([]);
    // Every route of the API is in the document (the two kinds of document double most paths).
    expect(operations).toBeGreaterThan(100);
    expect(Object.keys(doc.paths)).toContain('/api/customers/{id}');
  });

  it('describes the data of an answer, not just its envelope', async () => {
    const doc = (await spec()).json<{
      paths: Record<string, Record<string, OpenApiOperation>>;
    }>();
    const data = (path: string, method: string, code: string) =>
      (
        doc.paths[path]?.[method]?.responses?.[code]?.content?.['application/json']?.schema?.properties as
          Record<string, { required?: string[]; anyOf?: unknown[] }> | undefined
      )?.data;
    expect(data('/api/customers/{id}', 'get', '200')?.required).toContain('openOrders');
    expect(data('/api/orders/create', 'post', '201')?.required).toEqual(
      expect.arrayContaining(['id', 'customer', 'noPricePrint', 'version']),
    );
    expect(data('/api/customers/', 'get', '200')?.anyOf).toHaveLength(2);
    const pdf = doc.paths['/api/download-excelOrder/{id}']?.post?.responses?.['200']?.content;
    expect(Object.keys(pdf ?? {})).toEqual(['application/pdf']);
  });

  it('under test, an answer that breaks its schema fails with a 500 naming the field', async () => {
    const app = await appWithWrongAnswers(t, customer, true);
    try {
      const right = await app.inject({ method: 'GET', url: '/api/test/right' });
      expect(right.statusCode).toBe(200);
      expect(right.json().data).toEqual(customer);

      const cases = [
        ['/api/test/extra-field', 'data.secret: not in the schema'],
        ['/api/test/missing-field', 'data.name:'],
        ['/api/test/wrong-type', 'data.openOrders:'],
      ] as const;
      for (const [url, problem] of cases) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(500);
        expect(res.json().status).toBe('FAILED');
        expect(res.json().message).toContain(`GET ${url} (200) breaks its response schema`);
        expect(res.json().message).toContain(problem);
      }
    } finally {
      await app.close();
    }
  });

  it('in production the answer is written as it is: nothing checked, nothing stripped', async () => {
    const app = await appWithWrongAnswers(t, customer, false);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test/extra-field' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.secret).toBe('hash');
    } finally {
      await app.close();
    }
  });
});
