import { act, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { rootComponentOf } from 'shared/remote'
import { createFirstFrameRenderer } from 'shared/remote/first-frame-render'
import { createTestProps, setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { PROBLEM_INIT_PATH } from '../api/problem-init'
import { MESSAGES } from '../content/messages'
import { handlers } from '../mocks/handlers'
import * as app from './app'

setupMswServer(...handlers)
afterEach(() => {
  document.body.innerHTML = ''
})

// The two routes whose link names what they show: the frame is their loading state for any link that names
// it, and a link that does not hears so from the screen once hydrated.
const ROUTES = [
  {
    route: '/complainDetails',
    screen: 'complainDetails',
    title: MESSAGES.detail.title,
    bad: MESSAGES.detail.noProblem,
    calls: [],
  },
  {
    route: '/complainPageNext',
    screen: 'complainPageNext',
    title: MESSAGES.form.title,
    bad: MESSAGES.form.noType,
    // The form's types load as it mounts, whatever the link (as before first frames).
    calls: [PROBLEM_INIT_PATH],
  },
] as const

test.each(ROUTES)(
  '$route: the first frame is the loading state; hydrated without its parameter, the link is incomplete',
  async ({ route, screen: screenName, title, bad, calls }) => {
    const Root = rootComponentOf(app)
    const frame = createFirstFrameRenderer('mf_complaint', Root, [route]).renderFirstFrame(
      route,
      TEST_SETTINGS,
    )
    if (!('html' in frame)) throw new Error(frame.skipped)
    expect(frame.html).toContain(title)
    expect(frame.html).not.toContain(bad)

    const element = document.createElement('div')
    element.innerHTML = frame.html
    document.body.append(element)
    const props = createTestProps({ screen: screenName, query: {} })
    const errors = vi.spyOn(console, 'error')
    const post = vi.spyOn(props.http, 'post')
    const root = await act(async () => hydrateRoot(element, <Root {...props} />))
    expect(await screen.findByRole('alert')).toHaveTextContent(bad)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(post.mock.calls.map(([path]) => path)).toEqual(calls)
    expect(errors).not.toHaveBeenCalled()
    act(() => root.unmount())
  },
)
