/**
 * Headers every document and asset gets; nginx.conf sets the same. `scriptHashes` allow a page's inline
 * scripts (the first-call script, deploy/src/pages.ts) by their hash, never `'unsafe-inline'`.
 */
export function securityHeaders(
  apiOrigin: string | null,
  scriptHashes: string[] = [],
): Record<string, string> {
  const connect = ["'self'", apiOrigin].filter(Boolean).join(' ')
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      ["script-src 'self'", ...scriptHashes].join(' '),
      `connect-src ${connect}`,
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
      "font-src 'self' data:",
      "frame-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  }
}
