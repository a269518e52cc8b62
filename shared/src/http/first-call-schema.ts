import * as v from 'valibot'
import { GLOBAL_KEYS } from '../session/session'
import type { FirstCall } from './first-call'

const required = v.optional(v.literal(true))

/** A value in a declared call's body: fixed, or read from the page's address or the session's globals. */
const FirstCallValueSchema = v.union([
  v.string(),
  v.pipe(v.number(), v.finite()),
  v.strictObject({ query: v.pipe(v.string(), v.minLength(1)), required }),
  v.strictObject({ global: v.picklist(GLOBAL_KEYS), required }),
])

const name = v.pipe(v.string(), v.minLength(1))

const FirstImageSchema = v.strictObject({
  path: name,
  from: name,
  param: name,
  stamp: v.optional(name),
})

const FirstCallSchema = v.object({
  method: v.picklist(['GET', 'POST']),
  path: v.pipe(v.string(), v.minLength(1)),
  body: v.optional(
    v.pipe(
      v.custom<object>((x) => !!x && typeof x === 'object' && !Array.isArray(x)),
      v.record(v.string(), FirstCallValueSchema),
    ),
  ),
  image: v.optional(FirstImageSchema),
  onApiOrigin: v.optional(v.literal(true)),
})

/**
 * A route's declared calls as a release publishes them (`first-calls.json`), read by the server before it
 * writes them into a page. A call is all or nothing: one with any malformed part would not be the call its
 * screen makes, so it is dropped (and logged) and never started.
 */
export function parseFirstCalls(raw: unknown): FirstCall[] {
  if (!Array.isArray(raw)) return []
  return raw.flatMap((call, index) => {
    const parsed = v.safeParse(FirstCallSchema, call)
    if (!parsed.success) {
      console.warn(`[first-call] ignoring malformed call ${index}: ${parsed.issues[0].message}`)
      return []
    }
    const { method, path, body, image, onApiOrigin } = parsed.output
    return [
      {
        method,
        path,
        ...(body !== undefined ? { body } : {}),
        ...(image ? { image } : {}),
        ...(onApiOrigin ? { onApiOrigin } : {}),
      },
    ]
  })
}
