import { parseLenient } from 'shared/schema'
import * as v from 'valibot'
import { afterEach, expect, test, vi } from 'vitest'
import { imageList, splitImageList } from './images'
import { ProblemInitSchema } from './problem-init'

afterEach(() => vi.restoreAllMocks())

const svg = 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E'
const base64 = 'data:image/png;base64,iVBORw0KGgo='
const images = (value: unknown) => {
  const parsed = parseLenient('images', v.object({ images: imageList }), { images: value })
  return parsed.ok ? parsed.value.images : null
}

test('image lists are accepted as arrays or comma-joined strings', () => {
  expect(images(['/a.png', ' https://x.example/b.png '])).toEqual(['/a.png', 'https://x.example/b.png'])
  expect(images('/a.png, https://x.example/b.png,')).toEqual(['/a.png', 'https://x.example/b.png'])
  expect(images('')).toEqual([])
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(images(null)).toEqual([])
  expect(images(5)).toEqual([])
})

test('inline images keep their own commas inside a comma-joined list', () => {
  expect(splitImageList(`${svg},${base64},/c.png`)).toEqual([svg, base64, '/c.png'])
})

test('sources that are not images are dropped', () => {
  expect(
    images(['javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x.png', 7, '/ok.png']),
  ).toEqual(['/ok.png'])
})

test('problem-init: options need a value, a missing title shows the value, numbers become text', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const parsed = parseLenient('problem-init', ProblemInitSchema, {
    problemType: [{ title: 'A', value: 1 }, { title: 'B' }, { value: '3' }, 'x', null],
    problemSonType: { title: 'A', value: 1 },
  })
  expect(parsed.ok && parsed.value.problemType).toEqual([
    { title: 'A', value: '1' },
    { title: '3', value: '3' },
  ])
  expect(parsed.ok && parsed.value.problemSonType).toEqual([])
})

test('problem-init: wrong types become empty parts, isShow is read as a number; what was dropped is logged', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(parseLenient('problem-init', ProblemInitSchema, null)).toEqual({
    ok: true,
    dropped: [],
    value: { problemType: [], problemSonType: [], orderDetail: null, orderList: [] },
  })
  const parsed = parseLenient('problem-init', ProblemInitSchema, {
    orderDetail: { orderNo: 'A1', isShow: '1', list: [{ title: 'Amount', value: 100 }, {}, 'x'] },
    orderList: [{ orderNo: 'A2', isShow: 'maybe' }, 3],
  })
  expect(parsed.ok && parsed.value.orderDetail).toEqual({
    orderNo: 'A1',
    productLogo: '',
    productName: '',
    status: '',
    isShow: 1,
    rows: [{ title: 'Amount', value: '100' }],
  })
  expect(parsed.ok && parsed.value.orderList).toHaveLength(1)
  expect(parsed.ok && parsed.value.orderList[0].isShow).toBeNull()
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[api\] problem-init: ignored .*orderList\[1\]/))
})
