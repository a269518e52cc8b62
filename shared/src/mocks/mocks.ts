import { HttpResponse } from 'msw'

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
