import { expect, test } from 'vitest'
import { parseProblemInit } from './problem-init'
import { asFlag, asImageList, asOptions } from './validate'

const svg = 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E'
const base64 = 'data:image/png;base64,iVBORw0KGgo='

test('image lists are accepted as arrays or comma-joined strings', () => {
  expect(asImageList(['/a.png', ' https://x.example/b.png '])).toEqual(['/a.png', 'https://x.example/b.png'])
  expect(asImageList('/a.png, https://x.example/b.png,')).toEqual(['/a.png', 'https://x.example/b.png'])
  expect(asImageList('')).toEqual([])
  expect(asImageList(null)).toEqual([])
  expect(asImageList(5)).toEqual([])
})

test('inline images keep their own commas inside a comma-joined list', () => {
  expect(asImageList(`${svg},${base64},/c.png`)).toEqual([svg, base64, '/c.png'])
})

test('sources that are not images are dropped', () => {
  expect(
    asImageList(['javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x.png', 7, '/ok.png']),
  ).toEqual(['/ok.png'])
})

test('options need a value; a missing title shows the value; numbers become text', () => {
  expect(asOptions([{ title: 'A', value: 1 }, { title: 'B' }, { value: '3' }, 'x', null])).toEqual([
    { title: 'A', value: '1' },
    { title: '3', value: '3' },
  ])
  expect(asOptions({ title: 'A', value: 1 })).toEqual([])
})

test('flags: nonzero numbers and numeric strings are on', () => {
  expect([1, '1', 2, true].map(asFlag)).toEqual([true, true, true, true])
  expect([0, '0', '', 'yes', null, undefined, NaN, false].map(asFlag)).toEqual([
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
  ])
})

test('problem-init: wrong types become empty parts, isShow is read as a number', () => {
  expect(parseProblemInit(null)).toEqual({
    problemType: [],
    problemSonType: [],
    orderDetail: null,
    orderList: [],
  })
  const init = parseProblemInit({
    orderDetail: { orderNo: 'A1', isShow: '1', list: [{ title: 'Amount', value: 100 }, {}, 'x'] },
    orderList: [{ orderNo: 'A2', isShow: 'maybe' }, 3],
  })
  expect(init.orderDetail).toEqual({
    orderNo: 'A1',
    productLogo: '',
    productName: '',
    status: '',
    isShow: 1,
    rows: [{ title: 'Amount', value: '100' }],
  })
  expect(init.orderList).toHaveLength(1)
  expect(init.orderList[0].isShow).toBeNull()
})
