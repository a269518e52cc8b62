import { defineConfig } from '@playwright/test'
import base, { CHROMIUM } from './playwright.config'

/**
 * `pnpm screens`: the screens gallery (screens/capture.spec.ts) from the production build with the demo API,
 * in Debian's whole Chromium (what a borrower's browser draws; the suite runs its headless shell) and the
 * suite's viewport, on the Node server only (nginx sends the same pages; tests/a11y.spec.ts checks that).
 */
export default defineConfig({
  ...base,
  testDir: './screens',
  testMatch: 'capture.spec.ts',
  outputDir: './test-results/screens',
  retries: 0,
  use: { ...base.use, launchOptions: CHROMIUM },
  projects: [base.projects![0]],
  webServer: [base.webServer]
    .flat()
    .slice(0, 1)
    .filter((server) => server !== undefined),
})
