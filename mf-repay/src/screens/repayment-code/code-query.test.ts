import { expect, test } from 'vitest'
import { isImageSource, readCodePage } from './code-query'

const IMG = 'https://pay.cashloan-demo.ph/qr.png'

test('showType 1 is a pay code (the channel image and amount optional)', () => {
  expect(
    readCodePage({ showType: '1', payCode: ' 7E123 ', payCodeImg: IMG, repayAmount: '1530.00' }),
  ).toEqual({
    kind: 'code',
    payCode: '7E123',
    image: IMG,
    amount: '1530.00',
  })
  expect(readCodePage({ showType: '1', payCode: '7E123' })).toEqual({
    kind: 'code',
    payCode: '7E123',
    image: '',
    amount: '',
  })
})

test('any other showType is a QR image', () => {
  expect(readCodePage({ showType: '2', payCodeImg: IMG })).toEqual({ kind: 'qr', image: IMG, amount: '' })
  expect(readCodePage({ showType: '0', payCode: 'ignored', payCodeImg: IMG })).toMatchObject({ kind: 'qr' })
})

test.each([
  [{}],
  [{ showType: '' }],
  [{ showType: 'one', payCode: '7E123' }],
  [{ showType: '1' }],
  [{ showType: '1', payCode: '   ' }],
  [{ showType: '2' }],
  [{ showType: '2', payCodeImg: 'javascript:alert(1)' }],
  [{ showType: '1', payCode: '7E123', payCodeImg: '//evil.example/x.png' }],
  [{ showType: '1', payCode: '7E123', repayAmount: 'lots' }],
])('a missing or malformed link is no page: %j', (query) => {
  expect(readCodePage(query as Record<string, string>)).toBeNull()
})

test('images: https, inline pictures and app paths only', () => {
  expect(isImageSource(IMG)).toBe(true)
  expect(isImageSource('data:image/png;base64,AAAA')).toBe(true)
  expect(isImageSource('data:image/svg+xml,%3Csvg%3E')).toBe(true)
  expect(isImageSource('/images/qr.png')).toBe(true)
  expect(isImageSource('http://pay.cashloan-demo.ph/qr.png')).toBe(false)
  expect(isImageSource('data:text/html,<script>')).toBe(false)
  expect(isImageSource('//evil.example/qr.png')).toBe(false)
  expect(isImageSource('qr.png')).toBe(false)
})
