import { createTestProps, setupMswServer } from 'shared/testing'
import { expect, test } from 'vitest'
import { clickProduct } from '../api/events'
import { getLoanDetails } from '../api/loan-details'
import { getAgreements, getLoanConfirm } from '../api/loan-confirm'
import { CODE_01_MESSAGE, CONFIRM_SCENARIOS, DEMO_AGREEMENTS } from './confirm'
import { handlers } from './handlers'
import { testPictures } from './demo-images'
import { demoProducts, SCENARIOS } from './orders'

setupMswServer(...handlers)

const { http } = createTestProps()

test.each(Object.entries(SCENARIOS).filter(([name]) => name !== 'failure'))(
  'demo order %s (%s) loads and parses',
  async (_, orderId) => {
    const result = await getLoanDetails(http, { productId: '1', orderId })
    expect(result.ok).toBe(true)
  },
)

test('the failing demo order fails, and so does an order the demo does not have', async () => {
  expect((await getLoanDetails(http, { orderId: SCENARIOS.failure })).ok).toBe(false)
  expect((await getLoanDetails(http, { orderId: 'nope' })).ok).toBe(false)
})

test('every enabled demo product answers product-click with a link or a message', async () => {
  const answers = await Promise.all(
    demoProducts(testPictures)
      .filter((p) => p.globally === 1)
      .map((p, positionId) => clickProduct(http, { productId: p.productId, positionId })),
  )
  expect(answers).toEqual(['https://partners.cashloan-demo.ph/apply?product=101', 'productDetail', null])
})

const LOADING_CONFIRMATIONS = Object.values(CONFIRM_SCENARIOS).filter(
  (id) => id !== CONFIRM_SCENARIOS.loadFailure && id !== CONFIRM_SCENARIOS.serverCode,
)

test.each(['v1', 'v2'] as const)(
  '%s: every demo confirmation loads and parses, with its agreements',
  async (variant) => {
    for (const productId of LOADING_CONFIRMATIONS) {
      expect((await getLoanConfirm(http, variant, productId)).ok).toBe(true)
      expect(await getAgreements(http, variant, productId)).toEqual({ ok: true, data: DEMO_AGREEMENTS })
    }
    expect((await getLoanConfirm(http, variant, CONFIRM_SCENARIOS.loadFailure)).ok).toBe(false)
  },
)

test("v2's detail answers the non-'00' scenario with its message; v1 has no such scenario", async () => {
  expect(await getLoanConfirm(http, 'v2', CONFIRM_SCENARIOS.serverCode)).toMatchObject({
    ok: false,
    message: CODE_01_MESSAGE,
  })
  expect((await getLoanConfirm(http, 'v1', CONFIRM_SCENARIOS.serverCode)).ok).toBe(false)
})
