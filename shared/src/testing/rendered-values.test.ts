import { expect, test } from 'vitest'
import { unformattedValues } from './rendered-values'

function box(html: string): HTMLElement {
  const div = document.createElement('div')
  div.innerHTML = html
  return div
}

test('the peso format, dates as YYYY-MM-DD and ordinary text pass', () => {
  expect(
    unformattedValues(
      box(
        '<p>₱1.530,00</p><p>₱1.234.567,89</p><p>2024-01-15</p><p>09:05:07</p><p>Version 1.0.0</p><p>91 days</p>',
      ),
    ),
  ).toEqual([])
})

test('an amount as the server sends it, a raw timestamp and an ISO date-time are found', () => {
  expect(
    unformattedValues(
      box('<p>1530.00</p><span>Due 1705280707</span><p>1705280707000</p><i>2024-01-15T09:05:07Z</i>'),
    ),
  ).toEqual(['1530.00', '1705280707', '1705280707000', '2024-01-15T09:05'])
})

test('two neighbouring text nodes are read apart', () => {
  expect(unformattedValues(box('<span>12</span><span>.50</span>'))).toEqual([])
})
