import { MAX_DEMO_VISITORS, visitorKey } from 'shared/mocks'
import { BULK_TIMEOUT_MS, setupMswServer } from 'shared/testing'
import { afterEach, expect, test } from 'vitest'
import { BIND_CARD_PATH } from '../api/paths'
import { handlers } from './handlers'
import { listBinds, MAX_BINDS_PER_VISITOR, resetStore } from './store'

setupMswServer(...handlers)
afterEach(resetStore)

/** The key the demo keeps a visitor's records under, for a session with `sessionId`. */
const keyOf = (sessionId: string) => visitorKey(new Request(`http://demo/?sessionId=${sessionId}`))

async function bind(sessionId: string, walletPhone: string) {
  const url = new URL(`/utilities${BIND_CARD_PATH}?sessionId=${sessionId}`, window.location.origin)
  const body = new URLSearchParams({ product_id: '1', cardType: '1', walletPhone })
  const answer = await fetch(url, { method: 'POST', body })
  expect(((await answer.json()) as { code: string }).code).toBe('00')
}

const phones = (sessionId: string) => listBinds(keyOf(sessionId)).map((b) => b.body.walletPhone)

test("each visitor's bindings are kept under that visitor alone", async () => {
  await bind('alice', '09171111111')
  await bind('bob', '09172222222')
  expect(phones('alice')).toEqual(['09171111111'])
  expect(phones('bob')).toEqual(['09172222222'])
})

test(`a visitor keeps at most ${MAX_BINDS_PER_VISITOR} bindings: the oldest goes first`, async () => {
  for (let n = 0; n <= MAX_BINDS_PER_VISITOR; n++) await bind('busy', `0917${2000001 + n}`)
  const kept = phones('busy')
  expect(kept).toHaveLength(MAX_BINDS_PER_VISITOR)
  expect(kept).not.toContain('09172000001')
  expect(kept.at(-1)).toBe(`0917${2000001 + MAX_BINDS_PER_VISITOR}`)
})

test(
  `bindings of at most ${MAX_DEMO_VISITORS} visitors are kept: the least recent writer goes first`,
  async () => {
    for (let n = 0; n <= MAX_DEMO_VISITORS; n++) await bind(`visitor-${n}`, '09173333333')
    expect(phones('visitor-0')).toEqual([])
    expect(phones('visitor-1')).toEqual(['09173333333'])
    expect(listBinds()).toHaveLength(MAX_DEMO_VISITORS)
  },
  BULK_TIMEOUT_MS,
)
