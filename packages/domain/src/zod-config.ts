import { z } from 'zod';

/**
 * Tells zod never to probe code generation (`new Function`, its JIT for object schemas). The
 * browser calls it first thing: the CSP (script-src 'self', no 'unsafe-eval') refuses the probe
 * and reports a violation even though zod catches the error.
 */
export function configureZodWithoutEval(): void {
  z.config({ jitless: true });
}
