import { createTestProps, setupMswServer } from 'shared/testing'
import { expect, test } from 'vitest'
import { clickProduct } from '../api/events'
import { getLoanDetails } from '../api/loan-details'
import { handlers } from './handlers'
import { DEMO_PRODUCTS, SCENARIOS } from './orders'

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
    DEMO_PRODUCTS.filter((p) => p.globally === 1).map((p, positionId) =>
      clickProduct(http, { productId: p.productId, positionId }),
    ),
  )
  expect(answers).toEqual(['https://partners.cashloan-demo.ph/apply?product=101', 'productDetail', null])
})
