import { act, fireEvent, screen, within } from '@testing-library/react'
import { createTestProps, setupMswServer } from 'shared/testing'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { mountSite } from '../../testing/mount-site'
import { SWIPE_THRESHOLD_PX } from './banner-carousel'
import { handlers } from '../../mocks/handlers'

setupMswServer(...handlers)

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

function renderHome() {
  mountSite(createTestProps({ screen: 'site' }))
  return within(screen.getByRole('region', { name: 'Highlights' }))
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

/** The banner a visitor sees: the others are hidden from assistive technology. */
function shownBanner(carousel: ReturnType<typeof renderHome>) {
  const slides = carousel.getAllByRole('group')
  expect(slides).toHaveLength(1)
  return slides[0]
}

test('shows three banners, one at a time', () => {
  const carousel = renderHome()
  expect(carousel.getAllByRole('group', { hidden: true })).toHaveLength(3)
  expect(shownBanner(carousel)).toHaveAccessibleName('1 of 3')
  expect(shownBanner(carousel)).toHaveTextContent('A decision within 1 day')
})

test('moves to the next banner every 3 seconds and loops back to the first', () => {
  const carousel = renderHome()
  advance(2999)
  expect(shownBanner(carousel)).toHaveAccessibleName('1 of 3')
  advance(1)
  expect(shownBanner(carousel)).toHaveAccessibleName('2 of 3')
  expect(shownBanner(carousel)).toHaveTextContent('Every fee shown up front')
  advance(3000)
  expect(shownBanner(carousel)).toHaveAccessibleName('3 of 3')
  expect(shownBanner(carousel)).toHaveTextContent('Borrow for 91 to 365 days')
  advance(3000)
  expect(shownBanner(carousel)).toHaveAccessibleName('1 of 3')
})

test('the visitor can pause and resume the banners', () => {
  const carousel = renderHome()
  fireEvent.click(carousel.getByRole('button', { name: 'Pause the highlights' }))
  advance(9000)
  expect(shownBanner(carousel)).toHaveAccessibleName('1 of 3')
  fireEvent.click(carousel.getByRole('button', { name: 'Play the highlights' }))
  advance(3000)
  expect(shownBanner(carousel)).toHaveAccessibleName('2 of 3')
})

test('starts paused for visitors who ask for less motion', () => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query })),
  )
  try {
    const carousel = renderHome()
    advance(6000)
    expect(shownBanner(carousel)).toHaveAccessibleName('1 of 3')
    expect(carousel.getByRole('button', { name: 'Play the highlights' })).toBeInTheDocument()
  } finally {
    vi.unstubAllGlobals()
  }
})

/** The dots under the banners: which one is lit. */
function activeDot() {
  const region = screen.getByRole('region', { name: 'Highlights' })
  const dots = [...region.querySelectorAll('.site-carousel__dot')]
  expect(dots).toHaveLength(3)
  return dots.findIndex((dot) => dot.classList.contains('site-carousel__dot--active'))
}

/** jsdom has no PointerEvent: a mouse event carrying the pointer fields the carousel reads. */
function pointer(target: Element, type: string, clientX: number, clientY = 80) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX, clientY, button: 0 })
  Object.defineProperties(event, {
    pointerId: { value: 1 },
    pointerType: { value: 'touch' },
    isPrimary: { value: true },
  })
  fireEvent(target, event)
}

/** A finger from x = from to x = to across the shown banner, moving in steps as a real one does. */
function swipe(carousel: ReturnType<typeof renderHome>, from: number, to: number, { dy = 0 } = {}) {
  const target = shownBanner(carousel)
  pointer(target, 'pointerdown', from)
  for (let step = 1; step <= 4; step++)
    pointer(target, 'pointermove', from + ((to - from) * step) / 4, 80 + (dy * step) / 4)
  pointer(target, 'pointerup', to, 80 + dy)
}

test('the dots follow the shown banner', () => {
  const carousel = renderHome()
  for (const dot of [0, 1, 2, 0]) {
    expect(activeDot()).toBe(dot)
    expect(shownBanner(carousel)).toHaveAccessibleName(`${dot + 1} of 3`)
    advance(3000)
  }
})

test('swiping left shows the next banner and swiping right the previous one, looping both ways', () => {
  const carousel = renderHome()
  swipe(carousel, 300, 200)
  expect(shownBanner(carousel)).toHaveAccessibleName('2 of 3')
  expect(activeDot()).toBe(1)
  swipe(carousel, 300, 200)
  expect(shownBanner(carousel)).toHaveAccessibleName('3 of 3')
  swipe(carousel, 300, 200)
  expect(shownBanner(carousel)).toHaveAccessibleName('1 of 3')
  swipe(carousel, 100, 250)
  expect(shownBanner(carousel)).toHaveAccessibleName('3 of 3')
  expect(activeDot()).toBe(2)
  advance(1000) // the track jumps back from the copy of a banner to the banner itself
  swipe(carousel, 100, 250)
  expect(shownBanner(carousel)).toHaveAccessibleName('2 of 3')
  expect(activeDot()).toBe(1)
})

test('a short or mostly vertical drag leaves the banner in place', () => {
  const carousel = renderHome()
  swipe(carousel, 300, 300 - (SWIPE_THRESHOLD_PX - 10))
  expect(shownBanner(carousel)).toHaveAccessibleName('1 of 3')
  swipe(carousel, 300, 240, { dy: 120 })
  expect(shownBanner(carousel)).toHaveAccessibleName('1 of 3')
  expect(activeDot()).toBe(0)
})

test('a finger on the banners holds them; they move on a full interval after it lifts', () => {
  const carousel = renderHome()
  const target = shownBanner(carousel)
  advance(2000)
  pointer(target, 'pointerdown', 200)
  advance(6000)
  expect(shownBanner(carousel)).toHaveAccessibleName('1 of 3')
  pointer(target, 'pointerup', 200)
  advance(2999)
  expect(shownBanner(carousel)).toHaveAccessibleName('1 of 3')
  advance(1)
  expect(shownBanner(carousel)).toHaveAccessibleName('2 of 3')
})

test('a swipe starts the interval again', () => {
  const carousel = renderHome()
  advance(2500)
  swipe(carousel, 300, 200)
  expect(shownBanner(carousel)).toHaveAccessibleName('2 of 3')
  advance(2999)
  expect(shownBanner(carousel)).toHaveAccessibleName('2 of 3')
  advance(1)
  expect(shownBanner(carousel)).toHaveAccessibleName('3 of 3')
})

test('swiping still works while paused, and the banners stay paused', () => {
  const carousel = renderHome()
  fireEvent.click(carousel.getByRole('button', { name: 'Pause the highlights' }))
  swipe(carousel, 300, 200)
  expect(shownBanner(carousel)).toHaveAccessibleName('2 of 3')
  advance(9000)
  expect(shownBanner(carousel)).toHaveAccessibleName('2 of 3')
})

test('the copies that close the loop are hidden from assistive technology and from the keyboard', () => {
  renderHome()
  const region = screen.getByRole('region', { name: 'Highlights' })
  const copies = [...region.querySelectorAll('.site-banner:not([role])')]
  expect(copies).toHaveLength(2)
  for (const copy of copies) {
    expect(copy).toHaveAttribute('aria-hidden', 'true')
    expect(copy).toHaveAttribute('inert')
  }
})

test('after the last banner the track slides on to a copy of the first, then jumps back to it unanimated', () => {
  renderHome()
  const track = screen.getByRole('region', { name: 'Highlights' }).querySelector('.site-carousel__track')
  const offset = () => track?.getAttribute('style')?.match(/translateX\(calc\((-?[\d.]+)%/)?.[1]
  expect(offset()).toBe('-100')
  for (const shown of ['-200', '-300', '-400']) {
    advance(3000)
    expect(offset()).toBe(shown)
  }
  expect(track).not.toHaveClass('site-carousel__track--still')
  advance(1000)
  expect(offset()).toBe('-100')
  expect(track).toHaveClass('site-carousel__track--still')
  advance(2000)
  expect(offset()).toBe('-200')
  expect(track).not.toHaveClass('site-carousel__track--still')
})
