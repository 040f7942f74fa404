import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: {
    'import.meta.env.VITE_BUILD_DATE': JSON.stringify('2026-01-01T00:00:00.000Z'),
    'import.meta.env.VITE_APP_VERSION': JSON.stringify('0.0.0-test'),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // well above Testing Library's 10 s wait (src/test/setup.ts), so a slow wait fails in its own test
    // instead of running into the next, and a test of several waits survives a heavily loaded machine
    testTimeout: 40_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
