import { http, HttpResponse } from 'msw'

/** Demo API helpers shared by every remote's MSW handlers (used by tests, standalone dev and `pnpm start`). */

/** Matches a business call under the `/utilities` base on any origin. */
export function apiPath(path: string): string {
  return `*/utilities${path}`
}

/** Matches a promotion call under `/api/v2/promo`. */
export function promoPath(path: string): string {
  return `*/api/v2/promo${path}`
}

/** Matches a legacy repayment call under `/api/v1/h5/service/loan`. */
export function legacyPath(path: string): string {
  return `*/api/v1/h5/service/loan${path}`
}

/** The server envelope; business calls succeed with code '00'. */
export function envelope(data: unknown, code: string | number = '00', message = 'success') {
  return HttpResponse.json({ code, message, data })
}

export function failure(message: string, code: string | number = '500') {
  return HttpResponse.json({ code, message, data: null })
}

/** Reads a form-encoded (or multipart) request body into a plain record of strings. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('multipart/form-data')) {
    const form = await request.formData()
    const out: Record<string, string> = {}
    form.forEach((value, key) => {
      out[key] = typeof value === 'string' ? value : `file:${(value as File).name}`
    })
    return out
  }
  return Object.fromEntries(new URLSearchParams(await request.text()))
}

/**
 * A demo picture on a second origin, as a real backend's logos come from an image CDN: the demo answers on
 * the other loopback name (a page on 127.0.0.1 gets its logos from localhost, and the other way round), on
 * the same port and path, so the picture really crosses origins and the CSP must allow it (ADR 0022). On any
 * other host (a demo served under its own name) there is no second name, and the page's own origin is used.
 */
export function demoPictureUrl(request: Request, name: string, colour = '#4f6d8f'): string {
  const url = new URL(request.url)
  const other =
    url.hostname === 'localhost' ? '127.0.0.1' : url.hostname === '127.0.0.1' ? 'localhost' : url.hostname
  const port = url.port ? `:${url.port}` : ''
  const query = new URLSearchParams({ label: name, colour }).toString()
  return `${url.protocol}//${other}${port}/utilities/demo-pictures/${encodeURIComponent(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'))}.svg?${query}`
}

/** Serves the pictures `demoPictureUrl` names: a labelled, coloured SVG (label and colour are escaped). */
export const demoPictures = http.get('*/utilities/demo-pictures/:name', ({ request }) => {
  const query = new URL(request.url).searchParams
  const label = (query.get('label') ?? 'Logo').slice(0, 24).replace(/[<>&"']/g, '')
  const colour = /^#[0-9a-f]{3,8}$/i.test(query.get('colour') ?? '') ? query.get('colour')! : '#4f6d8f'
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">` +
    `<rect width="120" height="120" rx="16" fill="${colour}"/>` +
    `<text x="60" y="64" fill="#ffffff" font-family="sans-serif" font-size="15" text-anchor="middle">${label}</text></svg>`
  return new HttpResponse(svg, {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' },
  })
})
