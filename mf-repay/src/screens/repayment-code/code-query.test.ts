import { expect, test, vi } from 'vitest'
import { isAmount } from '../../components/amount'
import { demoPayImage, payUrl } from '../../mocks/demo-data'
import { isImageSource, readCodePage } from './code-query'

const IMAGE_HOSTS = ['img.cashloan.ph', '*.cdn.example.com']
const IMG = 'https://img.cashloan.ph/qr.png'

const read = (query: Record<string, string>, hosts: readonly string[] = IMAGE_HOSTS) =>
  readCodePage(query, hosts)

test('showType 1 is a pay code (the channel picture and amount optional)', () => {
  expect(read({ showType: '1', payCode: ' 7E123 ', payCodeImg: IMG, repayAmount: '1530.00' })).toEqual({
    kind: 'code',
    payCode: '7E123',
    image: IMG,
    amount: '1530.00',
  })
  expect(read({ showType: '1', payCode: '7E123' })).toEqual({
    kind: 'code',
    payCode: '7E123',
    image: null,
    amount: '',
  })
})

test('any other showType is a QR picture', () => {
  expect(read({ showType: '2', payCodeImg: IMG })).toEqual({ kind: 'qr', image: IMG, amount: '' })
  expect(read({ showType: '0', payCode: 'ignored', payCodeImg: IMG })).toMatchObject({ kind: 'qr' })
})

test.each([
  ['a host the deployment does not list', 'https://evil.example/qr.png'],
  ['a protocol-relative address', '//evil.example/x.png'],
  ['http', 'http://img.cashloan.ph/qr.png'],
  ['an inline picture', 'data:image/png;base64,AAAA'],
  ['an inline SVG', 'data:image/svg+xml,%3Csvg%3E'],
  ['a script', 'javascript:alert(1)'],
])('a picture from %s may not show, and the page still does: its picture is empty', (_, image) => {
  expect(read({ showType: '1', payCode: '7E123', payCodeImg: image, repayAmount: '10' })).toEqual({
    kind: 'code',
    payCode: '7E123',
    image: '',
    amount: '10',
  })
  expect(read({ showType: '2', payCodeImg: image, repayAmount: '10' })).toEqual({
    kind: 'qr',
    image: '',
    amount: '10',
  })
})

test.each(['lots', '-1', '0', '<script>', '1e3'])(
  'a total of %j is left out; the page still shows',
  (amount) => {
    expect(read({ showType: '1', payCode: '7E123', repayAmount: amount })).toMatchObject({
      kind: 'code',
      amount: '',
    })
  },
)

test("a total as the server writes money ('1,530.00', '₱1530.00') is a total", () => {
  expect(read({ showType: '1', payCode: '7E123', repayAmount: '1,530.00' })).toMatchObject({
    amount: '1,530.00',
  })
  expect(read({ showType: '2', payCodeImg: IMG, repayAmount: '₱1530.00' })).toMatchObject({
    amount: '₱1530.00',
  })
})

test.each([
  [{}],
  [{ showType: '' }],
  [{ showType: '1' }],
  [{ showType: '1', payCode: '   ' }],
  [{ showType: '1', payCodeImg: IMG }],
  [{ showType: '2' }],
  [{ showType: '2', payCode: '7E123' }],
])('a link with nothing to pay with is no page: %j', (query) => {
  expect(read(query as Record<string, string>)).toBeNull()
})

test('an unknown showType is logged once; the page shows the pay code the link has, else its QR', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(read({ showType: 'one', payCode: '7E123' })).toMatchObject({ kind: 'code', payCode: '7E123' })
  expect(read({ showType: 'one', payCode: '7E123' })).toMatchObject({ kind: 'code' })
  expect(read({ payCodeImg: IMG })).toMatchObject({ kind: 'qr', image: IMG })
  expect(read({ showType: '3', payCode: '7E123', payCodeImg: IMG })).toMatchObject({ kind: 'qr' })
  expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
    'Unknown showType: "one"; showing the default.',
    'Unknown showType: ""; showing the default.',
    'Unknown showType: "3"; showing the default.',
  ])
  // The known ones are not logged.
  read({ showType: '1', payCode: '7E123' })
  read({ showType: '2', payCodeImg: IMG })
  expect(warn).toHaveBeenCalledTimes(3)
  warn.mockRestore()
})

test("images: the app's own paths and https pictures of the deployment's image hosts only", () => {
  expect(isImageSource(IMG, IMAGE_HOSTS)).toBe(true)
  expect(isImageSource('https://a.cdn.example.com/qr.png', IMAGE_HOSTS)).toBe(true)
  expect(isImageSource('/images/qr.png', IMAGE_HOSTS)).toBe(true)
  expect(isImageSource(`${window.location.origin}/images/qr.png`, [])).toBe(true)
  expect(isImageSource('/images/qr.png', [])).toBe(true)
  // A host the CSP's img-src does not list would be a blank under 'Scan this QR code'.
  expect(isImageSource(IMG, [])).toBe(false)
  expect(isImageSource('https://evil.example/qr.png', IMAGE_HOSTS)).toBe(false)
  expect(isImageSource('https://cdn.example.com/qr.png', IMAGE_HOSTS)).toBe(false)
  expect(isImageSource('https://img.cashloan.ph.evil.example/qr.png', IMAGE_HOSTS)).toBe(false)
  expect(isImageSource('http://img.cashloan.ph/qr.png', IMAGE_HOSTS)).toBe(false)
  // An inline picture from a link could be anyone's QR code.
  expect(isImageSource('data:image/png;base64,AAAA', IMAGE_HOSTS)).toBe(false)
  expect(isImageSource('data:image/svg+xml,%3Csvg%3E', IMAGE_HOSTS)).toBe(false)
  expect(isImageSource('data:text/html,<script>', IMAGE_HOSTS)).toBe(false)
  expect(isImageSource('//evil.example/qr.png', IMAGE_HOSTS)).toBe(false)
  expect(isImageSource('/\\evil.example/qr.png', IMAGE_HOSTS)).toBe(false)
  expect(isImageSource('qr.png', IMAGE_HOSTS)).toBe(false)
  expect(isImageSource('home', IMAGE_HOSTS)).toBe(false)
})

test("the demo's code links are pages with no image host configured: their pictures are app paths", () => {
  for (const channel of ['SEVEN', 'QRPH']) {
    const link = new URL(payUrl(channel, { orderId: '86', amount: '1530.00' }, window.location.origin))
    expect(link.pathname).toBe('/repaymentOfCode')
    expect(read(Object.fromEntries(link.searchParams), [])).not.toBeNull()
  }
  expect(demoPayImage('qr-ph.svg')).toMatch(/^\/utilities\//)
})

test('amounts: a number or a decimal string as the server writes money, more than zero (parseMoney)', () => {
  for (const ok of ['1530.00', '1530', '0.01', '10.5', '1,530.00', '₱1530.00', ' 1', 1530, 5000, 0.5]) {
    expect(isAmount(ok)).toBe(true)
  }
  for (const bad of ['', '0', '0.00', '-1', 'abc', '<script>', '1e3', 'NaN', 0, -5, NaN, null, undefined]) {
    expect(isAmount(bad)).toBe(false)
  }
})
