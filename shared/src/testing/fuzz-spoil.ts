import { HttpResponse } from 'msw'
import { DELETE, FOREIGN_HOST, KEEP, type AnswerPlan, type DataPlan } from './fuzz-arbitraries'

/** A demo answer spoiled as a plan says, and what a page must never contain whatever the answer was. */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Every place in `value` (object fields and list items, at any depth) as its container and key. */
function placesOf(value: unknown): { holder: Record<string, unknown> | unknown[]; key: string | number }[] {
  const out: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = []
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        out.push({ holder: node, key: index })
        walk(item)
      })
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        out.push({ holder: node as Record<string, unknown>, key })
        walk(item)
      }
    }
  }
  walk(value)
  return out
}

function mapTexts(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value)
  if (Array.isArray(value)) return value.map((item) => mapTexts(item, change))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapTexts(item, change)]))
  }
  return value
}

/** The demo data as `plan` spoils it (the demo data is not changed). */
export function spoil(data: unknown, plan: DataPlan): unknown {
  const copy = data === undefined ? undefined : (JSON.parse(JSON.stringify(data)) as Json)
  switch (plan.kind) {
    case 'replace':
      return plan.value
    case 'texts':
      return copy === null || typeof copy !== 'object' ? plan.value : mapTexts(copy, () => plan.value)
    case 'wrap-texts':
      return mapTexts(copy, (text) => `${plan.before}${text}${plan.after}`)
    case 'edit': {
      if (copy === null || typeof copy !== 'object')
        return plan.edits[0].value === DELETE ? undefined : plan.edits[0].value
      for (const edit of plan.edits) {
        const places = placesOf(copy)
        if (places.length === 0) break
        const { holder, key } = places[edit.at % places.length]
        if (edit.value !== DELETE) (holder as Record<string | number, unknown>)[key] = edit.value
        else if (Array.isArray(holder)) holder.splice(key as number, 1)
        else delete holder[key]
      }
      return copy
    }
  }
}

/** The malformed answer for `plan`, built from the demo answer the remote's handler gave. */
export async function spoilAnswer(demo: Response, plan: AnswerPlan): Promise<Response> {
  if (plan.kind === 'http-status') {
    return plan.status === 204
      ? new HttpResponse(null, { status: 204 })
      : HttpResponse.json(plan.body as Json, { status: plan.status })
  }
  if (plan.kind === 'not-json') {
    return new HttpResponse(plan.body, { status: 200, headers: { 'Content-Type': 'application/json' } })
  }
  let body: unknown
  try {
    body = JSON.parse(await demo.clone().text())
  } catch {
    body = undefined
  }
  const isEnvelope = !!body && typeof body === 'object' && !Array.isArray(body) && 'code' in body
  if (!isEnvelope) return HttpResponse.json(spoil(body, plan.data) as Json)
  const envelope = { ...(body as Record<string, unknown>) }
  for (const field of ['code', 'message'] as const) {
    const value = plan[field]
    if (value === DELETE) delete envelope[field]
    else if (value !== KEEP) envelope[field] = value
  }
  const data = spoil(envelope.data, plan.data)
  if (data === undefined) delete envelope.data
  else envelope.data = data
  return HttpResponse.json(envelope as Json, { status: 200 })
}

/** What the page must never contain, whatever the server said. */
export function injectedMarkup(root: ParentNode): string[] {
  const found: string[] = []
  const linkAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc', 'data']
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase()
    if (['script', 'iframe', 'object', 'embed', 'frame', 'base'].includes(tag)) found.push(`<${tag}>`)
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) found.push(`<${tag} ${name}>`)
      // An image's address is the CSP's img-src to police (deploy's imageHosts): no browser runs a javascript:
      // image, and a foreign one is blocked there, not followed by the borrower.
      if (tag === 'img' || !linkAttributes.includes(name.toLowerCase())) continue
      // eslint-disable-next-line no-control-regex
      const link = value.replace(/[\u0000-\u0020]/g, '').toLowerCase()
      if (/^(javascript|vbscript|data:text\/html)/.test(link) || link.includes(FOREIGN_HOST)) {
        found.push(`<${tag} ${name}="${value.slice(0, 40)}">`)
      }
    }
  }
  return found
}
