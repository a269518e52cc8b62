import { afterEach, expect, test } from 'vitest'
import { FRAME_HASHES_ATTR, frameFitsHash, frameHashSource, frameHashStyle, hashRoute } from './frame-hash'

afterEach(() => {
  document.head.innerHTML = ''
  document.body.innerHTML = ''
  document.documentElement.removeAttribute('data-hash-route')
  window.history.replaceState(null, '', '/')
})

const frameFor = (hashes: string[] | null) => {
  const frame = document.createElement('div')
  if (hashes) frame.setAttribute(FRAME_HASHES_ATTR, JSON.stringify(hashes))
  return frame
}

test("a hash's route is what comes before its query, without the #", () => {
  expect(hashRoute('#/registerTemplate?id=7')).toBe('/registerTemplate')
  expect(hashRoute('/downloadTemplate')).toBe('/downloadTemplate')
  expect(hashRoute('')).toBe('')
})

test('a frame fits the hash routes it was declared for, and only those', () => {
  const frame = frameFor(['', '/registerTemplate'])
  expect(frameFitsHash(frame, '')).toBe(true)
  expect(frameFitsHash(frame, '#/registerTemplate?id=7')).toBe(true)
  expect(frameFitsHash(frame, '/downloadTemplate')).toBe(false)
  expect(frameFitsHash(frame, '#about')).toBe(false)
})

test('a frame written before hash routes were declared fits every hash; a garbled declaration none', () => {
  expect(frameFitsHash(frameFor(null), '#/downloadTemplate')).toBe(true)
  const garbled = document.createElement('div')
  garbled.setAttribute(FRAME_HASHES_ATTR, '[')
  expect(frameFitsHash(garbled, '')).toBe(false)
})

/** The page as the release writes it: the rule in its head, the frame in its body; then the inline script. */
function page(hashes: string[], hash: string) {
  window.history.replaceState(null, '', `/promotion${hash}`)
  document.head.innerHTML = `<style>${frameHashStyle(hashes)}</style>`
  const frame = frameFor(hashes)
  document.body.append(frame)
  new Function(frameHashSource())()
  return frame
}

test('the page never shows a frame on a hash route it is not for, and shows it on one it is', () => {
  expect(getComputedStyle(page(['', '/registerTemplate'], '#/downloadTemplate')).display).toBe('none')
  expect(getComputedStyle(page(['', '/registerTemplate'], '#/registerTemplate?id=7')).display).toBe('block')
  expect(getComputedStyle(page(['', '/registerTemplate'], '')).display).toBe('block')
})

test('a frame hides as soon as the address moves to a hash route it is not for', () => {
  const frame = page(['', '/'], '#/')
  expect(getComputedStyle(frame).display).toBe('block')
  window.location.hash = '#/agreementTemplate'
  window.dispatchEvent(new HashChangeEvent('hashchange'))
  expect(getComputedStyle(frame).display).toBe('none')
})

test('without the script (no JavaScript), the frame shows: it is the only screen there is', () => {
  document.head.innerHTML = `<style>${frameHashStyle([''])}</style>`
  const frame = frameFor([''])
  document.body.append(frame)
  expect(getComputedStyle(frame).display).toBe('block')
})
