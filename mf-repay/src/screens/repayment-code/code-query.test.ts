import { expect, test } from 'vitest'
import { isAmount } from '../../components/amount'
import { demoPayImage, payUrl } from '../../mocks/demo-data'
import { isImageSource, readCodePage } from './code-query'

const IMAGE_HOSTS = ['img.cashloan.ph', '*.cdn.example.com']
const IMG = 'https://img.cashloan.ph/qr.png'

const read = (query: Record<string, string>, hosts: readonly string[] = IMAGE_HOSTS) =>
  readCodePage(query, hosts)

test('showType 1 is a pay code (the channel image and amount optional)', () => {
  expect(read({ showType: '1', payCode: ' 7E123 ', payCodeImg: IMG, repayAmount: '1530.00' })).toEqual({
    kind: 'code',
    payCode: '7E123',
    image: IMG,
    amount: '1530.00',
  })
  expect(read({ showType: '1', payCode: '7E123' })).toEqual({
    kind: 'code',
    payCode: '7E123',
    image: '',
    amount: '',
  })
})

test('any other showType is a QR image', () => {
  expect(read({ showType: '2', payCodeImg: IMG })).toEqual({ kind: 'qr', image: IMG, amount: '' })
  expect(read({ showType: '0', payCode: 'ignored', payCodeImg: IMG })).toMatchObject({ kind: 'qr' })
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
  [{ showType: '1', payCode: '7E123', repayAmount: '-1' }],
  [{ showType: '1', payCode: '7E123', repayAmount: '0' }],
  [{ showType: '2', payCodeImg: 'https://evil.example/qr.png', repayAmount: '10' }],
  [{ showType: '2', payCodeImg: 'data:image/png;base64,AAAA' }],
  [{ showType: '2', payCodeImg: 'data:image/svg+xml,%3Csvg%3E' }],
])('a missing or malformed link is no page: %j', (query) => {
  expect(read(query as Record<string, string>)).toBeNull()
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

test('amounts: digits with at most two decimals, more than zero', () => {
  for (const ok of ['1530.00', '1530', '0.01', '10.5']) expect(isAmount(ok)).toBe(true)
  for (const bad of ['', '0', '0.00', '-1', 'abc', '<script>', '1e3', '1,530.00', '1.234', ' 1', 'NaN']) {
    expect(isAmount(bad)).toBe(false)
  }
})
