import { expect, test } from 'vitest'
import { keepValue, showValue } from './input-rules'

test.each([
  ['phone', '0917-123 4567 89', '09171234567', '091 7123 4567'],
  ['phone', '091', '091', '091'],
  ['phone', '0917', '0917', '091 7'],
  ['bankCard', '4111 1111-1111 1111 12', '411111111111111112', '4111 1111 1111 1111 12'],
  ['number', '12a3 4', '1234', '1234'],
  ['', 'abc 56-7', '567', '567'],
])('%s: typed %j keeps %j, shows %j', (inputType, typed, kept, shown) => {
  expect(keepValue(inputType, typed)).toBe(kept)
  expect(showValue(inputType, kept)).toBe(shown)
})

test('a shown value typed again keeps the same digits (the display spaces are never kept)', () => {
  expect(keepValue('phone', showValue('phone', '09171234567'))).toBe('09171234567')
  expect(keepValue('bankCard', showValue('bankCard', '4111111111111111'))).toBe('4111111111111111')
})
