/** Headers every document and asset gets; nginx.conf sets the same. */
export function securityHeaders(apiOrigin: string | null): Record<string, string> {
  const connect = ["'self'", apiOrigin].filter(Boolean).join(' ')
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
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
