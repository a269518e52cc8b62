import { act, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { rootComponentOf } from 'shared/remote'
import { createFirstFrameRenderer } from 'shared/remote/first-frame-render'
import { createTestProps, setupMswServer, TEST_SESSION, TEST_SETTINGS } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { MESSAGES } from '../content/messages'
import { handlers } from '../mocks/handlers'
import * as app from './app'

setupMswServer(...handlers)
afterEach(() => {
  document.body.innerHTML = ''
})

const SCREENS = { '/repay': 'repay', '/delayRepay': 'delayRepay' } as const

test.each(Object.entries(SCREENS))(
  '%s: the first frame is the loading state; hydrated without an order, the link is incomplete and nothing is called',
  async (route, screenName) => {
    const Root = rootComponentOf(app)
    const frame = createFirstFrameRenderer('mf_repay', Root, [route]).renderFirstFrame(route, TEST_SETTINGS)
    if (!('html' in frame)) throw new Error(frame.skipped)
    expect(frame.html).toContain('Loading...')

    const element = document.createElement('div')
    element.innerHTML = frame.html
    document.body.append(element)
    const props = createTestProps({
      screen: screenName,
      query: {},
      session: { ...TEST_SESSION, globals: {} },
    })
    const post = vi.spyOn(props.http, 'post')
    const root = await act(async () => hydrateRoot(element, <Root {...props} />))
    expect(await screen.findByRole('alert')).toHaveTextContent('This repayment link is incomplete.')
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(post).not.toHaveBeenCalled()
    act(() => root.unmount())
  },
)

test('/legacyRepay: the first frame is the loading state; hydrated with an order but no amount, the link is incomplete and nothing is called', async () => {
  const Root = rootComponentOf(app)
  const frame = createFirstFrameRenderer('mf_repay', Root, ['/legacyRepay']).renderFirstFrame(
    '/legacyRepay',
    TEST_SETTINGS,
  )
  if (!('html' in frame)) throw new Error(frame.skipped)
  expect(frame.html).toContain(MESSAGES.legacy.loading)

  const element = document.createElement('div')
  element.innerHTML = frame.html
  document.body.append(element)
  const props = createTestProps({ screen: 'legacyRepay', query: {} })
  const post = vi.spyOn(props.http, 'post')
  const errors = vi.spyOn(console, 'error')
  const root = await act(async () => hydrateRoot(element, <Root {...props} />))
  expect(await screen.findByText(MESSAGES.legacy.badLink)).toBeInTheDocument()
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  expect(post).not.toHaveBeenCalled()
  expect(errors).not.toHaveBeenCalled()
  act(() => root.unmount())
})
