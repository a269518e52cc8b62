import { expect, test } from 'vitest'
import {
  formatCents,
  formatDate,
  formatDateText,
  formatDateTime,
  formatDetailValue,
  formatPesos,
  formatTime,
  groupThousands,
  parseMoney,
} from './format'

test('formatCents shows pesos with dot thousands and a decimal comma', () => {
  expect(formatCents(123456)).toBe('₱1.234,56')
  expect(formatCents(123456789)).toBe('₱1.234.567,89')
  expect(formatCents(100)).toBe('₱1,00')
  expect(formatCents(5)).toBe('₱0,05')
  expect(formatCents(0)).toBe('₱0,00')
})

test('formatCents puts the minus sign before the currency sign', () => {
  expect(formatCents(-123456)).toBe('-₱1.234,56')
  expect(formatCents(-5)).toBe('-₱0,05')
})

test('formatCents accepts numeric strings', () => {
  expect(formatCents('123456')).toBe('₱1.234,56')
  expect(formatCents(' 2500 ')).toBe('₱25,00')
  expect(formatCents('-100')).toBe('-₱1,00')
})

test('formatCents rounds fractional cents', () => {
  expect(formatCents(123456.6)).toBe('₱1.234,57')
})

test('formatCents shows the rupee sign, or no sign, when asked', () => {
  expect(formatCents(123456, { rupee: true })).toBe('₹1.234,56')
  expect(formatCents(123456, { sign: false })).toBe('1.234,56')
  expect(formatCents(-123456, { sign: false, rupee: true })).toBe('-1.234,56')
})

test.each([
  [''],
  ['  '],
  ['12a'],
  ['abc'],
  [null],
  [undefined],
  [Number.NaN],
  [Infinity],
  [{}],
  [[]],
  [true],
])('formatCents shows nothing for a malformed amount: %j', (value) => {
  expect(formatCents(value)).toBe('')
})

test('formatPesos formats an amount already in pesos', () => {
  expect(formatPesos('1500.00')).toBe('₱1.500,00')
  expect(formatPesos(1234567.5)).toBe('₱1.234.567,50')
  expect(formatPesos('0.1')).toBe('₱0,10')
  expect(formatPesos(-20)).toBe('-₱20,00')
  expect(formatPesos('1500', { rupee: true })).toBe('₹1.500,00')
})

test('formatPesos shows a non-numeric server string as it is, and nothing for other values', () => {
  expect(formatPesos('To be confirmed')).toBe('To be confirmed')
  expect(formatPesos(null)).toBe('')
  expect(formatPesos(undefined)).toBe('')
  expect(formatPesos(Number.NaN)).toBe('')
})

test('groupThousands groups with dots', () => {
  expect(groupThousands('1')).toBe('1')
  expect(groupThousands('123')).toBe('123')
  expect(groupThousands('1234')).toBe('1.234')
  expect(groupThousands('1234567')).toBe('1.234.567')
})

// Built in local time so the expectations hold in every time zone.
const LOCAL = new Date(2024, 0, 15, 9, 5, 7)
const MS = LOCAL.getTime()
const SECONDS = MS / 1000

test('dates from unix seconds (number or digit string)', () => {
  expect(formatDate(SECONDS)).toBe('2024-01-15')
  expect(formatTime(SECONDS)).toBe('09:05:07')
  expect(formatDateTime(SECONDS)).toBe('2024-01-15 09:05:07')
  expect(formatDateTime(String(SECONDS))).toBe('2024-01-15 09:05:07')
})

test('dates from unix milliseconds (number or digit string)', () => {
  expect(formatDate(MS)).toBe('2024-01-15')
  expect(formatTime(MS)).toBe('09:05:07')
  expect(formatDateTime(MS)).toBe('2024-01-15 09:05:07')
  expect(formatDateTime(String(MS))).toBe('2024-01-15 09:05:07')
})

test('dates from ISO strings and Date objects', () => {
  expect(formatDateTime('2024-01-15T09:05:07')).toBe('2024-01-15 09:05:07')
  expect(formatDate('2024-01-15')).toBe('2024-01-15')
  expect(formatDateTime(LOCAL)).toBe('2024-01-15 09:05:07')
  const utc = '2024-01-15T09:05:07Z'
  const local = new Date(utc)
  const pad = (n: number) => String(n).padStart(2, '0')
  expect(formatTime(utc)).toBe(
    `${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`,
  )
})

test.each([[''], ['not a date'], ['31/31/31'], [null], [undefined], [Number.NaN], [{}], [new Date('x')]])(
  'an invalid date shows nothing: %j',
  (value) => {
    expect(formatDate(value)).toBe('')
    expect(formatTime(value)).toBe('')
    expect(formatDateTime(value)).toBe('')
  },
)

test('a tiny negative amount that rounds to zero carries no minus sign', () => {
  expect(formatCents(-0.4)).toBe('₱0,00')
  expect(formatCents(-0.6)).toBe('-₱0,01')
})

test('an impossible calendar date formats as empty instead of rolling over', () => {
  expect(formatDate('2024-13-45')).toBe('')
  expect(formatDate('2024-02-30')).toBe('')
  expect(formatDate('2024-02-29')).toBe('2024-02-29')
})

test.each([
  [5000, 5000],
  ['5000', 5000],
  ['1530.00', 1530],
  [' 1530.5 ', 1530.5],
  ['1,530.00', 1530],
  ['1,234,567.89', 1234567.89],
  ['₱1530.00', 1530],
  ['-20', -20],
  [0, 0],
])('parseMoney reads %j as %d pesos', (value, pesos) => {
  expect(parseMoney(value)).toBe(pesos)
})

test.each([
  [''],
  ['abc'],
  ['1.234,56'],
  ['12,34'],
  ['1530.00x'],
  [null],
  [undefined],
  [Number.NaN],
  [{}],
  [true],
])('parseMoney gives null for what is no amount: %j', (value) => {
  expect(parseMoney(value)).toBeNull()
})

test('a ₱5,000 loan never shows as ₱50,00, whichever shape the amount comes in', () => {
  for (const value of [5000, '5000', '5000.00', '5,000.00']) expect(formatPesos(value)).toBe('₱5.000,00')
})

test('formatDateText: a timestamp, an ISO date and a YYYY-MM-DD string show the same day', () => {
  const day = new Date(2024, 0, 15, 9, 5, 7)
  for (const value of [
    day.getTime(),
    day.getTime() / 1000,
    String(day.getTime()),
    '2024-01-15',
    '2024-01-15T09:05:07',
  ])
    expect(formatDateText(value)).toBe('2024-01-15')
})

test('formatDateText keeps a text that is no date and drops a raw number or an impossible date', () => {
  expect(formatDateText('To be confirmed')).toBe('To be confirmed')
  expect(formatDateText('99999999999999999999')).toBe('')
  expect(formatDateText('2024-13-45')).toBe('')
  // A count or a code is no date, not the first days of 1970.
  expect(formatDateText(42)).toBe('')
  expect(formatDateText('42')).toBe('')
  expect(formatDateText(0)).toBe('')
  expect(formatDateText(null)).toBe('')
  expect(formatDateText({})).toBe('')
})

test('formatDetailValue: money and dates in a detail line are formatted, other text is kept', () => {
  const day = new Date(2024, 0, 15, 9, 5, 7)
  expect(formatDetailValue('1530.00')).toBe('₱1.530,00')
  expect(formatDetailValue('₱1,530.00')).toBe('₱1.530,00')
  expect(formatDetailValue('1530.00', { rupee: true })).toBe('₹1.530,00')
  expect(formatDetailValue(String(day.getTime() / 1000))).toBe('2024-01-15')
  expect(formatDetailValue('2024-01-15T09:05:07')).toBe('2024-01-15')
  expect(formatDetailValue('91 days')).toBe('91 days')
  expect(formatDetailValue('0.05% / day')).toBe('0.05% / day')
  expect(formatDetailValue('12')).toBe('12')
  expect(formatDetailValue(7)).toBe('7')
  expect(formatDetailValue(null)).toBe('')
  expect(formatDetailValue({})).toBe('')
})

test('a millisecond timestamp before 2001 (a birth date) is read as milliseconds, not as seconds', () => {
  const birth = new Date(1990, 4, 17, 12)
  expect(formatDate(birth.getTime())).toBe('1990-05-17')
  expect(formatDate(String(birth.getTime()))).toBe('1990-05-17')
  // Seconds stay seconds up to the year 5138 (1e11 s).
  expect(formatDate(birth.getTime() / 1000)).toBe('1990-05-17')
})
