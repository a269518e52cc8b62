import * as v from 'valibot'
import { afterEach, expect, test, vi } from 'vitest'
import {
  flag,
  isOne,
  warnUnknown,
  list,
  MALFORMED_MESSAGE,
  maybeNumber,
  object,
  number,
  parseLenient,
  record,
  requiredText,
  text,
  toApiResult,
} from './schema'

afterEach(() => vi.restoreAllMocks())

const Row = v.object({ title: requiredText, value: text })
const Detail = v.object({
  problemId: requiredText,
  content: text,
  score: number(),
  isNeedScore: flag,
  images: list(v.string()),
  rows: list(Row),
})

test('a well-formed payload parses as it is, with nothing logged', () => {
  const warn = vi.spyOn(console, 'warn')
  const parsed = parseLenient('detail', Detail, {
    problemId: 2001,
    content: ' hello ',
    score: '4',
    isNeedScore: '1',
    images: ['a.png'],
    rows: [{ title: 'Order', value: 7 }],
    extra: 'ignored',
  })
  expect(parsed).toEqual({
    ok: true,
    dropped: [],
    value: {
      problemId: '2001',
      content: 'hello',
      score: 4,
      isNeedScore: true,
      images: ['a.png'],
      rows: [{ title: 'Order', value: '7' }],
    },
  })
  expect(warn).not.toHaveBeenCalled()
})

test('a malformed optional field takes its default; the rest renders; the field is logged by type, not value', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const parsed = parseLenient('detail', Detail, {
    problemId: '7',
    content: { secret: 'card 4111' },
    score: 'many',
    isNeedScore: 'yes',
    images: 'x',
  })
  expect(parsed).toMatchObject({
    ok: true,
    value: { problemId: '7', content: '', score: 0, isNeedScore: false, images: [], rows: [] },
  })
  expect([...parsed.dropped].sort()).toEqual([
    'content (object)',
    'images (string)',
    'isNeedScore (string)',
    'score (string)',
  ])
  expect(warn).toHaveBeenCalledTimes(1)
  expect(warn.mock.calls[0][0]).toMatch(/^\[api\] detail: ignored .*content \(object\)/)
  expect(warn.mock.calls[0][0]).not.toContain('4111')
})

test('bad list items are dropped, good ones kept in order', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const parsed = parseLenient('detail', Detail, {
    problemId: '7',
    images: ['a', 3, null, 'b'],
    rows: [{ title: 'A' }, { value: 'no title' }, 'row', { title: ' ' }, { title: 'B', value: [] }],
  })
  expect(parsed.ok && parsed.value.images).toEqual(['a', 'b'])
  expect(parsed.ok && parsed.value.rows).toEqual([
    { title: 'A', value: '' },
    { title: 'B', value: '' },
  ])
})

test('a missing or malformed required part, or a payload that is no object, is unusable', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(parseLenient('detail', Detail, { content: 'x' })).toMatchObject({ ok: false })
  expect(parseLenient('detail', Detail, { problemId: '  ' })).toMatchObject({ ok: false })
  for (const payload of [null, undefined, 'text', 42, [], true]) {
    expect(parseLenient('detail', Detail, payload)).toMatchObject({ ok: false })
  }
  expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('[api] detail: unusable'))
})

test('number and flag read what servers send', () => {
  const N = v.object({ n: number(-1), f: flag })
  const read = (n: unknown, f: unknown) => parseLenient('n', N, { n, f })
  expect(read(' 12.5 ', 1)).toMatchObject({ value: { n: 12.5, f: true } })
  expect(read(-3, true)).toMatchObject({ value: { n: -3, f: true } })
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(read('1e309', 'x')).toMatchObject({ value: { n: -1, f: false } })
  expect(read(Number.NaN, '0')).toMatchObject({ value: { n: -1, f: false } })
})

test('a hostile payload (a huge list of bad items) ends, keeping the good ones', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const images = Array.from({ length: 5000 }, (_, i) => (i % 2 ? 'ok' : i))
  const parsed = parseLenient('detail', v.object({ images: list(v.string()) }), { images })
  expect(parsed.ok).toBe(true)
})

test('record: null or no data is an empty object with its defaults; other non-objects are unusable', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const R = record({ a: text, n: maybeNumber })
  expect(parseLenient('r', R, null)).toMatchObject({ ok: true, value: { a: '', n: null } })
  expect(parseLenient('r', R, undefined)).toMatchObject({ ok: true, value: { a: '', n: null } })
  expect(parseLenient('r', R, 'x')).toMatchObject({ ok: false })
  expect(parseLenient('r', R, [1])).toMatchObject({ ok: false })
})

test('flags are "nonzero": any number or numeric string but 0, and booleans', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const F = v.object({ f: flag })
  const read = (f: unknown) =>
    parseLenient('f', F, { f }).ok && (parseLenient('f', F, { f }) as { value: { f: boolean } }).value.f
  expect([1, '1', 2, true].map(read)).toEqual([true, true, true, true])
  expect([0, '0', '', 'yes', null, false].map(read)).toEqual([false, false, false, false, false, false])
})

test('toApiResult: a failed call keeps its message; malformed data is reported, not toasted', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const S = v.object({ id: requiredText })
  expect(toApiResult({ success: false, message: 'No', data: null }, {}, 'c', S)).toEqual({
    ok: false,
    message: 'No',
    notified: true,
  })
  expect(toApiResult({ success: false, message: 'No', data: null }, { silent: true }, 'c', S)).toMatchObject({
    notified: false,
  })
  expect(toApiResult({ success: true, message: '', data: { id: 3 } }, {}, 'c', S)).toEqual({
    ok: true,
    data: { id: '3' },
  })
  expect(toApiResult({ success: true, message: '', data: {} }, {}, 'c', S)).toEqual({
    ok: false,
    message: MALFORMED_MESSAGE,
    notified: false,
  })
})

test('object: a list is no object', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const O = v.object({ o: v.optional(v.nullable(object({ a: text })), null) })
  expect(parseLenient('o', O, { o: [1, 2] })).toMatchObject({ ok: true, value: { o: null } })
  expect(parseLenient('o', O, { o: { a: 1 } })).toMatchObject({ ok: true, value: { o: { a: '1' } } })
})

test('isOne: on for 1 or "1" only; 0, 2, -1, true, text and missing are off', () => {
  const O = v.object({ o: isOne })
  const read = (o: unknown) => (parseLenient('o', O, { o }) as { value: { o: boolean } }).value.o
  expect([1, '1', ' 1'].map(read)).toEqual([true, true, true])
  expect([0, 2, -1, '2', true, 'yes', null, undefined].map(read)).toEqual(Array(8).fill(false))
})

test('warnUnknown logs a field and value once, and each new value once', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  try {
    warnUnknown('orderStatus (test)', 999)
    warnUnknown('orderStatus (test)', 999)
    warnUnknown('orderStatus (test)', '999')
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      'Unknown orderStatus (test): 999; showing the default.',
      'Unknown orderStatus (test): "999"; showing the default.',
    ])
  } finally {
    warn.mockRestore()
  }
})
