import { expect, test } from 'vitest'
import { imageSources, securityHeaders } from './security-headers'

const imgSrc = (headers: Record<string, string>) =>
  /(?:^|; )img-src ([^;]*)/.exec(headers['Content-Security-Policy'])?.[1]

test("img-src is the page's own origin, data: and blob:, plus each image host over HTTPS", () => {
  expect(imgSrc(securityHeaders())).toBe("'self' data: blob:")
  expect(imgSrc(securityHeaders({ imageHosts: ['img.cashloan.ph', '*.cdn.example.com'] }))).toBe(
    "'self' data: blob: https://img.cashloan.ph https://*.cdn.example.com",
  )
})

test('an image host that is not a host name never reaches the header', () => {
  expect(
    imageSources(['img.example.com; script-src *', '*', 'http://x.example.com', 'ok.example.com']),
  ).toEqual(['https://ok.example.com'])
  const csp = securityHeaders({ imageHosts: ['a.example.com; script-src *'] })['Content-Security-Policy']
  expect(csp).not.toContain('script-src *')
})
