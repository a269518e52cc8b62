import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { showBootError } from './boot-error'

afterEach(() => {
  document.body.replaceChildren()
  vi.restoreAllMocks()
})

test('the boot error screen replaces the page with a readable message and a reload button', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  document.body.innerHTML = '<div id="root"><div class="half-rendered"></div></div>'
  const reload = vi.fn()
  const error = new Error('boom')
  showBootError(document, error, reload)
  expect(screen.getByRole('heading', { name: 'The app could not start' })).toBeInTheDocument()
  expect(screen.getByText(/Please reload to try again/)).toBeInTheDocument()
  expect(document.querySelector('.half-rendered')).toBeNull()
  // The page's one main landmark, the message announced inside it.
  expect(screen.getByRole('main')).toContainElement(screen.getByRole('alert'))
  expect(screen.getByRole('alert')).toHaveTextContent('The app could not start')
  await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
  expect(reload).toHaveBeenCalledTimes(1)
  expect(console.error).toHaveBeenCalledWith('[shell] the app could not start', error)
})

test('a page without #root still gets the screen', () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  showBootError(document, new Error('boom'), vi.fn())
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
})

test('the page’s first frame, which nothing will bring to life now, does not cover the message', () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  document.body.innerHTML =
    '<div id="first-frame" class="first-frame"><h1>About us</h1></div><div id="root"></div>'
  showBootError(document, new Error('boom'), vi.fn())
  expect(screen.queryByRole('heading', { name: 'About us' })).not.toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'The app could not start' })).toBeInTheDocument()
})
