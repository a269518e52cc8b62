import { afterEach, expect, test, vi } from 'vitest'
import type { FirstCall } from './first-call'
import { parseFirstCalls } from './first-call-schema'

afterEach(() => vi.restoreAllMocks())

const LIST: FirstCall = { method: 'POST', path: '/user-problem/problem-list', body: {} }
const DETAIL: FirstCall = {
  method: 'GET',
  path: '/detail',
  body: { id: { query: 'problemId', required: true }, orderId: { global: 'orderId' }, kind: 3 },
}

test('declared calls are checked: malformed ones are dropped, and logged', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(
    parseFirstCalls([
      LIST,
      DETAIL,
      { method: 'PUT', path: '/x' },
      { method: 'GET', path: '' },
      { method: 'GET', path: '/x', body: { a: { global: 'sessionId' } } },
      { method: 'GET', path: '/x', body: [] },
      'nonsense',
    ]),
  ).toEqual([LIST, DETAIL])
  expect(parseFirstCalls({ not: 'a list' })).toEqual([])
  expect(warn).toHaveBeenCalled()
})

test('a call without a body stays without one', () => {
  expect(parseFirstCalls([{ method: 'GET', path: '/x' }])).toEqual([{ method: 'GET', path: '/x' }])
})
