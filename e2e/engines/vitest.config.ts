import { defineConfig } from 'vitest/config'

/**
 * The WebKit and Firefox lanes (e2e/engines/README.md): one test list, one file per engine, the two files
 * side by side (one browser each), against the production build on the lanes' own server.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    globalSetup: ['./app-server.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    reporters: ['verbose'],
  },
})
