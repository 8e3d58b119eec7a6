/**
 * A built web app for tests of what the server serves from STATIC_DIR: a folder of given files in
 * the OS temp dir, and the test app that serves it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { DatabaseKind } from '../src/db/database.js';
import { createTestApp, type TestApp } from './support.js';

/** The page every app route is answered with, in its smallest form. */
export const INDEX_HTML = '<!doctype html><title>desk</title><div id="root"></div>';

/** Pages of the web app (some with a query or a record's path), each answered with the app's page. */
export const APP_ROUTES = [
  '/',
  '/login',
  '/sales',
  '/sales?tab=orders',
  '/sales?tab=quotes',
  '/sales/orders/12',
  '/loaders',
  '/dashboard',
  '/admin',
  '/admin/users',
  '/account',
];

/** A folder in the OS temp dir holding these files (paths relative to it, folders made as needed). */
export function webFolder(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-web-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** The test app serving a web folder of these files; its close() removes the folder too. */
export async function webApp(
  kind: DatabaseKind,
  files: Record<string, string | Buffer>,
  env: Record<string, string> = {},
): Promise<TestApp & { webDir: string }> {
  const webDir = webFolder(files);
  const removeFolder = () => rmSync(webDir, { recursive: true, force: true });
  try {
    const t = await createTestApp(kind, { STATIC_DIR: webDir, ...env });
    const closeApp = t.close;
    return Object.assign(t, {
      webDir,
      async close() {
        await closeApp();
        removeFolder();
      },
    });
  } catch (e) {
    removeFolder();
    throw e;
  }
}

/** The answer to a plain GET of each URL, paired with the URL for the checks to name it. */
export async function getEach(t: TestApp, urls: readonly string[]): Promise<Array<[string, LightMyRequestResponse]>> {
  const answers: Array<[string, LightMyRequestResponse]> = [];
  for (const url of urls) answers.push([url, await t.app.inject({ url })]);
  return answers;
}
