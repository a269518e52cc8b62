import { expect, test } from 'vitest'
import { CONTRACT_VERSION, contractMajor, isCompatibleContract } from './contract'

test('contractMajor reads the major of a x.y.z version', () => {
  expect(contractMajor('1.0.0')).toBe(1)
  expect(contractMajor('12.3.4')).toBe(12)
  expect(contractMajor(CONTRACT_VERSION)).toBe(1)
})

test.each([
  ['1.0'],
  ['v1.0.0'],
  ['1.0.0-beta'],
  [' 1.0.0'],
  ['one.two.three'],
  [''],
  [1],
  [null],
  [undefined],
  [{}],
])('contractMajor is null for anything that is not x.y.z: %j', (value) => {
  expect(contractMajor(value)).toBeNull()
})

test('a remote is compatible when its major matches the shell contract', () => {
  expect(isCompatibleContract(CONTRACT_VERSION)).toBe(true)
  expect(isCompatibleContract('1.7.3')).toBe(true)
  expect(isCompatibleContract('2.0.0')).toBe(false)
  expect(isCompatibleContract('0.9.0')).toBe(false)
})

test('a remote without a readable contract is not compatible', () => {
  expect(isCompatibleContract(undefined)).toBe(false)
  expect(isCompatibleContract('1')).toBe(false)
  expect(isCompatibleContract(1)).toBe(false)
})

test('compatibility can be checked against another own version', () => {
  expect(isCompatibleContract('2.1.0', '2.0.0')).toBe(true)
  expect(isCompatibleContract('1.0.0', '2.0.0')).toBe(false)
  // An unreadable own version accepts nothing.
  expect(isCompatibleContract('1.0.0', 'dev')).toBe(false)
})

test('a new optional prop is a minor bump: remotes and shells either side of it still mount each other', () => {
  expect(CONTRACT_VERSION).toBe('1.1.0')
  expect(isCompatibleContract('1.0.0', CONTRACT_VERSION)).toBe(true)
  expect(isCompatibleContract(CONTRACT_VERSION, '1.0.0')).toBe(true)
})
