import { expect, test } from 'vitest'
import {
  apiSecurityHeaders,
  CSP_REPORT_PATH,
  frameSources,
  imageSources,
  securityHeaders,
} from './security-headers'

const imgSrc = (headers: Record<string, string>) =>
  /(?:^|; )img-src ([^;]*)/.exec(headers['Content-Security-Policy'])?.[1]

test('pictures from server data may come from any HTTPS origin when the deployment lists no image host (ADR 0022)', () => {
  expect(imgSrc(securityHeaders())).toBe("'self' data: blob: https:")
  expect(imgSrc(securityHeaders({ imageHosts: [] }))).toBe("'self' data: blob: https:")
})

test('a deployment that lists image hosts narrows pictures to them, over HTTPS', () => {
  expect(imgSrc(securityHeaders({ imageHosts: ['img.cashloan.ph', '*.cdn.example.com'] }))).toBe(
    "'self' data: blob: https://img.cashloan.ph https://*.cdn.example.com",
  )
})

test("the demo's second picture origin is the other loopback name, on any port, and only when asked", () => {
  expect(imgSrc(securityHeaders({ loopbackPictures: true }))).toBe(
    "'self' data: blob: https: http://localhost:* http://127.0.0.1:*",
  )
})

test('links stay on the allow-list: only pictures widen, never connect-src, frame-src or form-action', () => {
  const csp = securityHeaders()['Content-Security-Policy']
  expect(csp).toContain("connect-src 'self';")
  expect(csp).toContain("frame-src 'self';")
  expect(csp).toContain("form-action 'self'")
  expect(csp.match(/https:/g)).toHaveLength(1)
})

const frameSrc = (headers: Record<string, string>) =>
  /(?:^|; )frame-src ([^;]*)/.exec(headers['Content-Security-Policy'])?.[1]

test("the agreement pop-up frames documents from the link allow-list's hosts only, over HTTPS (ADR 0034)", () => {
  const frameHosts = ['contracts.cashloan.ph', '*.lender.example.com']
  expect(frameSrc(securityHeaders({ frameHosts }))).toBe(
    "'self' https://contracts.cashloan.ph https://*.lender.example.com",
  )
  const csp = securityHeaders({ frameHosts })['Content-Security-Policy']
  expect(csp).toContain("connect-src 'self';")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(
    frameSources(['a.example.com; script-src *', '*', 'http://x.example.com', 'ok.example.com']),
  ).toEqual(['https://ok.example.com'])
})

test("the demo's agreement document on its second origin is framed only when asked", () => {
  expect(frameSrc(securityHeaders({ loopbackPictures: true }))).toBe("'self'")
  expect(frameSrc(securityHeaders({ loopbackDocuments: true }))).toBe(
    "'self' http://localhost:* http://127.0.0.1:*",
  )
})

test('an image host that is not a host name never reaches the header', () => {
  expect(
    imageSources(['img.example.com; script-src *', '*', 'http://x.example.com', 'ok.example.com']),
  ).toEqual(['https://ok.example.com'])
  const csp = securityHeaders({ imageHosts: ['a.example.com; script-src *'] })['Content-Security-Policy']
  expect(csp).not.toContain('script-src *')
})

test('every answer is HTTPS-only for a year, this host and its subdomains, and never preloaded by us', () => {
  for (const headers of [securityHeaders(), apiSecurityHeaders()]) {
    expect(headers['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('no-referrer')
  }
})

test('features: geolocation for the test page only on our origin; camera, microphone, payment and the rest off', () => {
  const header = securityHeaders()['Permissions-Policy']
  const policy = Object.fromEntries(header.split(', ').map((entry) => entry.split('=')))
  expect(policy.geolocation).toBe('(self)')
  for (const feature of ['camera', 'microphone', 'payment', 'usb', 'display-capture']) {
    expect(policy[feature], feature).toBe('()')
  }
  // The copy button's clipboard write keeps its default.
  expect(policy['clipboard-write']).toBeUndefined()
})

test("documents keep no opener relation, and CSP violations are reported to this origin's endpoint", () => {
  const headers = securityHeaders()
  expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin')
  const csp = headers['Content-Security-Policy']
  expect(csp).toContain(`; report-uri ${CSP_REPORT_PATH}`)
  const group = /; report-to ([\w-]+)/.exec(csp)![1]
  expect(headers['Reporting-Endpoints']).toBe(`${group}="${CSP_REPORT_PATH}"`)
  expect(CSP_REPORT_PATH).toBe('/csp-report')
})
