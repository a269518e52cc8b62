import { MAX_DEMO_VISITORS, visitorKey } from 'shared/mocks'
import { BULK_TIMEOUT_MS, setupMswServer } from 'shared/testing'
import { afterEach, expect, test } from 'vitest'
import { REPAYMENT_COMMIT_PATH, REPAYMENT_WAY_PATH } from '../api/legacy-repay'
import { GENERATE_VCODE_PATH } from '../api/paths'
import { handlers } from './handlers'
import { listLegacyCalls, MAX_LEGACY_CALLS_PER_VISITOR, resetLegacyCalls } from './legacy-repay'
import { listPays, MAX_PAYS_PER_VISITOR, resetStore } from './store'

setupMswServer(...handlers)
afterEach(() => {
  resetStore()
  resetLegacyCalls()
})

/** The key the demo keeps a visitor's records under, for a session with `sessionId`. */
const keyOf = (sessionId: string) => visitorKey(new Request(`http://demo/?sessionId=${sessionId}`))

async function call(path: string, sessionId: string, form: Record<string, string>) {
  const url = new URL(`${path}?sessionId=${sessionId}`, window.location.origin)
  const answer = await fetch(url, { method: 'POST', body: new URLSearchParams(form) })
  return (await answer.json()) as { code: string; data: unknown }
}

const pay = (sessionId: string, orderId: string) =>
  call(`/utilities${GENERATE_VCODE_PATH}`, sessionId, { orderId, amount: '100', channelNumber: 'GCASH' })

const legacy = (path: string, sessionId: string, orderId: string) =>
  call(`/api/v1/h5/service/loan${path}`, sessionId, { orderId })

test("each visitor's payments and legacy calls are kept under that visitor alone", async () => {
  await pay('alice', '86')
  await pay('bob', '87')
  expect(listPays(keyOf('alice')).map((p) => p.form.orderId)).toEqual(['86'])
  expect(listPays(keyOf('bob')).map((p) => p.form.orderId)).toEqual(['87'])

  await legacy(REPAYMENT_WAY_PATH, 'alice', '86')
  await legacy(REPAYMENT_WAY_PATH, 'bob', '90')
  expect(listLegacyCalls(keyOf('alice')).map((c) => c.form.orderId)).toEqual(['86'])
  expect(listLegacyCalls(keyOf('bob')).map((c) => c.form.orderId)).toEqual(['90'])
  // The record id a commit answers counts the visitor's own calls only.
  const commit = await call(`/api/v1/h5/service/loan${REPAYMENT_COMMIT_PATH}`, 'bob', {
    orderId: '86',
    cardId: '11',
    amount: '100',
    repayToken: 'demo-token-86',
  })
  expect(commit.data).toMatchObject({ repayRecordId: 'R86-2' })
})

test(`a visitor keeps at most ${MAX_PAYS_PER_VISITOR} payments and ${MAX_LEGACY_CALLS_PER_VISITOR} legacy calls: the oldest go first`, async () => {
  for (let n = 0; n <= MAX_PAYS_PER_VISITOR; n++) await pay('busy', `pay-${n}`)
  const pays = listPays(keyOf('busy')).map((p) => p.form.orderId)
  expect(pays).toHaveLength(MAX_PAYS_PER_VISITOR)
  expect(pays[0]).toBe('pay-1')
  expect(pays.at(-1)).toBe(`pay-${MAX_PAYS_PER_VISITOR}`)

  for (let n = 0; n <= MAX_LEGACY_CALLS_PER_VISITOR; n++) await legacy(REPAYMENT_WAY_PATH, 'busy', `way-${n}`)
  const calls = listLegacyCalls(keyOf('busy')).map((c) => c.form.orderId)
  expect(calls).toHaveLength(MAX_LEGACY_CALLS_PER_VISITOR)
  expect(calls[0]).toBe('way-1')
})

test(
  `payments and legacy calls of at most ${MAX_DEMO_VISITORS} visitors are kept: the least recent writer goes first`,
  async () => {
    for (let n = 0; n <= MAX_DEMO_VISITORS; n++) {
      await pay(`visitor-${n}`, '86')
      await legacy(REPAYMENT_WAY_PATH, `visitor-${n}`, '86')
    }
    expect(listPays(keyOf('visitor-0'))).toEqual([])
    expect(listLegacyCalls(keyOf('visitor-0'))).toEqual([])
    expect(listPays(keyOf('visitor-1'))).toHaveLength(1)
    expect(listLegacyCalls(keyOf(`visitor-${MAX_DEMO_VISITORS}`))).toHaveLength(1)
    expect(listPays()).toHaveLength(MAX_DEMO_VISITORS)
  },
  BULK_TIMEOUT_MS,
)
