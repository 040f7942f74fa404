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
    // above Testing Library's 5 s wait, so a slow wait fails in its own test instead of running into the next
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
