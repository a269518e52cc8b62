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

test("a call on the API's origin keeps that mark; any other value of it drops the call", () => {
  const way = { method: 'POST', path: '/api/v1/h5/service/loan/repayment-way', onApiOrigin: true }
  expect(parseFirstCalls([way])).toEqual([way])
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(
    parseFirstCalls([
      { ...way, onApiOrigin: 'yes' },
      { ...way, onApiOrigin: false },
    ]),
  ).toEqual([])
  expect(warn).toHaveBeenCalledTimes(2)
  warn.mockRestore()
})

test("a call's image is kept when whole; a malformed image drops the call", () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const image = { path: '/captcha', from: 'sid', param: 'sid', stamp: 'a' }
  expect(parseFirstCalls([{ method: 'GET', path: '/sid', image }])).toEqual([
    { method: 'GET', path: '/sid', image },
  ])
  expect(
    parseFirstCalls([
      { method: 'GET', path: '/sid', image: { path: '/captcha', from: 'sid' } },
      { method: 'GET', path: '/sid', image: { ...image, param: '' } },
      { method: 'GET', path: '/sid', image: { ...image, extra: 1 } },
      { method: 'GET', path: '/sid', image: 'captcha' },
    ]),
  ).toEqual([])
})
