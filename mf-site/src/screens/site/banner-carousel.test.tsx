import { act, fireEvent, screen, within } from '@testing-library/react'
import { createTestProps, renderWithUi, setupMswServer } from 'shared/testing'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { SiteApp } from '../../app/site-app'
import { handlers } from '../../mocks/handlers'

setupMswServer(...handlers)

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

function renderHome() {
  renderWithUi(<SiteApp {...createTestProps({ screen: 'site' })} />)
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
