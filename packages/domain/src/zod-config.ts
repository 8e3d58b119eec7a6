/**
 * Tells zod never to probe code generation (`new Function`, its JIT for object schemas). The
 * browser calls it first thing: the CSP (script-src 'self', no 'unsafe-eval') refuses the probe
 * and reports a violation even though zod catches the error.
 *
 * It writes zod's global settings object (globalThis.__zod_globalConfig, which zod's `config()`
 * reads and writes) instead of importing zod: the browser's first chunk then carries none of
 * zod, which loads later with the dialogs (issue 19). zod-config.test.ts checks zod still reads it.
 */
export function configureZodWithoutEval(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
