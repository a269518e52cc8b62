import { defineConfig } from '@playwright/test'
import base from './playwright.config'

/**
 * `pnpm screens`: the screens gallery (screens/capture.spec.ts) from the production build with the demo API,
 * in the same system Chromium and viewport as the e2e suite, on the Node server only (nginx sends the same
 * pages; tests/a11y.spec.ts checks that).
 */
export default defineConfig({
  ...base,
  testDir: './screens',
  testMatch: 'capture.spec.ts',
  outputDir: './test-results/screens',
  retries: 0,
  projects: [base.projects![0]],
  webServer: [base.webServer]
    .flat()
    .slice(0, 1)
    .filter((server) => server !== undefined),
})
