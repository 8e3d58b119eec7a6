/**
 * Imported first by main.tsx, before any schema runs: zod must not probe code generation, which
 * the CSP refuses and reports as a violation (see configureZodWithoutEval).
 */
import { configureZodWithoutEval } from '@desk/domain';

configureZodWithoutEval();
