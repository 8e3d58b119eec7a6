import { describe, expect, it } from 'vitest';
import { configureZodWithoutEval } from './zod-config.js';

describe('configureZodWithoutEval', () => {
  it('turns off zod’s code generation through the settings zod itself reads', async () => {
    configureZodWithoutEval();
    // Loaded after the switch, as in the browser (zod comes with a later chunk).
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
