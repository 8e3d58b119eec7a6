import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadConfirmDialog } from '../components/ui/confirm-modal';
import { preloadToastStack } from '../components/ui/toaster';

// Two cores running the server and web suites side by side: give findBy* and waitFor room. The
// first find of a test that renders the whole app also waits for a lazy route's chunk, which took
// over 5 s once under load (Admin > Security); a test that fails still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

// The toasts and the confirmation dialog are chunks of their own that the app fetches when the
// browser is idle, before anyone can ask for them; here they are there from the start, as in the
// app once idle, so a test sees them in the render that shows them.
beforeAll(async () => {
  await Promise.all([preloadToastStack.preload(), preloadConfirmDialog.preload()]);
});
