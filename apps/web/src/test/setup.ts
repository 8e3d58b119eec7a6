import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Two cores running the server and web suites side by side: give findBy* and waitFor room.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
