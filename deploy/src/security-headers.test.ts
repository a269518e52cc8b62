import { expect, test } from 'vitest'
import { imageSources, securityHeaders } from './security-headers'

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

test('an image host that is not a host name never reaches the header', () => {
  expect(
    imageSources(['img.example.com; script-src *', '*', 'http://x.example.com', 'ok.example.com']),
  ).toEqual(['https://ok.example.com'])
  const csp = securityHeaders({ imageHosts: ['a.example.com; script-src *'] })['Content-Security-Policy']
  expect(csp).not.toContain('script-src *')
})
