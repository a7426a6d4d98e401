import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '@lingui/core';

// Components speak English unless a test chooses another language; outside a production build Lingui
// compiles each English message from the code itself, so no catalog is needed here.
i18n.loadAndActivate({ locale: 'en', messages: {} });

// The api client loads ky with its first call (lib/api-client.ts); loaded here first, that call does not
// wait on a module load that a test's fake clock would hold up.
await import('ky');

// Files that mock no module share one jsdom and module cache per worker (vitest.config.ts), so
// whatever a test changed in the page, storage, globals or clock is put back before the next one.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (i18n.locale !== 'en') i18n.loadAndActivate({ locale: 'en', messages: {} });
});
