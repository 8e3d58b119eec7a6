import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Two cores running the server and web suites side by side: give findBy* and waitFor room. The
// first find of a test that renders the whole app also waits for a lazy route's chunk, which took
// over 5 s once under load (Admin > Security); a test that fails still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
