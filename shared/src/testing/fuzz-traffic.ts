import { act } from '@testing-library/react'
import { http, HttpHandler, type RequestHandler } from 'msw'
import type { AnswerPlan } from './fuzz-arbitraries'
import { spoilAnswer } from './fuzz-spoil'

/** The remote's demo handlers wrapped to count their traffic and spoil the answers of the fuzzed calls. */

export function httpHandlers(handlers: RequestHandler[]): HttpHandler[] {
  return handlers.filter((h): h is HttpHandler => h instanceof HttpHandler && typeof h.info.path === 'string')
}

export const pathOf = (handler: HttpHandler) => String(handler.info.path)

export interface Traffic {
  /** Requests seen per handler path. */
  seen: Map<string, number>
  /** Answers sent per handler path. */
  answered: Map<string, number>
  pending: () => number
}

/**
 * The remote's handlers again, counting their traffic; the answers of `spoiled` paths are replaced by
 * `plan`'s. Put first with `server.use`, so they answer before the originals.
 */
export function instrumented(handlers: HttpHandler[], spoiled: string[], plan: AnswerPlan | null) {
  const traffic: Traffic = {
    seen: new Map(),
    answered: new Map(),
    pending: () =>
      [...traffic.seen.values()].reduce((a, b) => a + b, 0) -
      [...traffic.answered.values()].reduce((a, b) => a + b, 0),
  }
  const bump = (map: Map<string, number>, path: string) => map.set(path, (map.get(path) ?? 0) + 1)
  const wrapped = handlers.map((original) => {
    const path = pathOf(original)
    const method = String(original.info.method).toLowerCase() as 'get' | 'post'
    return http[method](path, async (info) => {
      bump(traffic.seen, path)
      try {
        const demo = (await original.run({ request: info.request, requestId: info.requestId }))?.response
        if (!demo || !plan || !spoiled.includes(path)) return demo
        return await spoilAnswer(demo, plan)
      } finally {
        bump(traffic.answered, path)
      }
    })
  })
  return { wrapped, traffic }
}

export const tick = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/**
 * Waits until the `expected` calls were made, none is in flight and the page stopped changing (or about 2 s
 * passed): a screen may start its calls a few ticks after it mounts.
 */
export async function settle(traffic: Traffic, expected: string[]): Promise<void> {
  let last = ''
  for (let round = 0; round < 200; round++) {
    await tick(round < 3 ? 0 : 10)
    const now = document.body.innerHTML
    const made = expected.every((path) => traffic.seen.has(path))
    if (round >= 3 && made && traffic.pending() === 0 && now === last) return
    last = now
  }
}
