import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4310)
const NGINX_PORT = Number(process.env.E2E_NGINX_PORT ?? 4320)
/** The ops page's token on the suite's Node server (`ops-login.spec.ts`; the demo would make one up per run). */
export const OPS_TOKEN = 'e2e-ops-token-for-the-suite-0123'
/** The health report rate per client both servers get here (deploy's `healthReportsPerMinute`; 60 by default). */
const SUITE_REPORTS_PER_MINUTE = '6000'
/**
 * Rendered data pages a minute per client (deploy's `RENDERED_PAGES_PER_MINUTE`; 120 by default): every test's
 * browser is the one client 127.0.0.1, and a page past the limit is static, which the specs that expect the
 * borrower's data in the page would take for a failure.
 */
const SUITE_RENDERED_PAGES_PER_MINUTE = '6000'
/**
 * How long the suite's render service waits for the API and the render (deploy's `RENDER_BUDGET_MS`; 300 by
 * default): on a busy 2-core machine, two workers beside the servers, a render has taken over 300 ms, and the
 * static page that then goes would fail a spec that expects the data in the page. Still below the demo's stall
 * (`SLOW_API_MS`), so the specs of a stalled API get the static page.
 */
const SUITE_RENDER_BUDGET_MS = '1500'

/**
 * Debian's Chromium, the whole browser: the screens gallery, Lighthouse and the benchmarks, whatever a borrower's
 * browser draws or times. This project never downloads browsers.
 */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

/**
 * The suite's Chromium (ADR 0053): Debian's `chromium-headless-shell`, the same build's headless browser, which
 * is what Playwright itself runs headless. The same engine (Blink, V8, the network stack) without the whole
 * browser's profile and window services around each page: a third of the CPU a test (1,071 → 610 s for the
 * suite on this machine). `SUITE_CHROMIUM_PATH` names another.
 */
export const SUITE_CHROMIUM = {
  ...CHROMIUM,
  executablePath: process.env.SUITE_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
}

/**
 * Specs about what a screen does with the page and scripts it was sent, run on the embedded server only
 * (ADR 0051): both servers send the same bytes for every route (headers.spec.ts, a11y.spec.ts compare them)
 * with the same headers and CSP (checked on each), and proxy the same API, so a screen's behaviour cannot
 * depend on which one sent it. What a server does itself (routes, headers, registry, releases, fallbacks,
 * health reports, uploads, the standalone landing, first frames and first calls in the page) runs on both.
 */
export const SCREEN_SPECS = [
  'a11y.spec.ts',
  'below-floor.spec.ts',
  'bindcard.spec.ts',
  'complaint.spec.ts',
  'loan-confirm.spec.ts',
  'loan.spec.ts',
  'repay-legacy.spec.ts',
  'repay.spec.ts',
  'site.spec.ts',
  'support-floor.spec.ts',
  'test-preview.spec.ts',
  'webkit-parity.spec.ts',
]

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    viewport: { width: 412, height: 823 },
    launchOptions: SUITE_CHROMIUM,
    // A trace costs a fifth of the suite's CPU when every test records one (ADR 0050): a failure is traced on
    // its retry (`--retries=1`), or any run with `--trace=on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The production build as `pnpm start` serves it (built by `pnpm build` before the suite).
    { name: 'embedded', use: { baseURL: `http://localhost:${PORT}` } },
    // The same tree behind real nginx with deploy/nginx.conf (API proxied to the demo server).
    { name: 'nginx', use: { baseURL: `http://127.0.0.1:${NGINX_PORT}` }, testIgnore: SCREEN_SPECS },
  ],
  webServer: [
    {
      command: 'pnpm --filter deploy start',
      // Every test's browser is one client (127.0.0.1) to the report rate limit, as many borrowers behind one
      // address would be: the suite's pages send a few hundred health reports a minute between them.
      env: {
        PORT: String(PORT),
        SKIP_BUILD: '1',
        HEALTH_REPORTS_PER_MINUTE: SUITE_REPORTS_PER_MINUTE,
        RENDERED_PAGES_PER_MINUTE: SUITE_RENDERED_PAGES_PER_MINUTE,
        RENDER_BUDGET_MS: SUITE_RENDER_BUDGET_MS,
        OPS_TOKEN,
      },
      url: `http://localhost:${PORT}/registry.json`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: 'pnpm --filter deploy nginx',
      env: {
        NGINX_PORT: String(NGINX_PORT),
        API_UPSTREAM: `http://127.0.0.1:${PORT}`,
        HEALTH_REPORTS_PER_MINUTE: SUITE_REPORTS_PER_MINUTE,
      },
      url: `http://127.0.0.1:${NGINX_PORT}/registry.json`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
})
