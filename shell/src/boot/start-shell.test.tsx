import { screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { fakePlatform } from '../testing/fake-platform'
import { BELOW_FLOOR, ENTRY_STARTED } from 'shared/host/entry-watchdog'
import { startShell } from './start-shell'

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>'
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.restoreAllMocks()
  document.body.replaceChildren()
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

const bootError = () => screen.findByRole('heading', { name: 'The app could not start' })

test('a failure before React renders shows the boot error screen with a reload button', async () => {
  await startShell(async () => {
    throw new Error('no loader')
  })
  expect(await bootError()).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
})

test('a browser that refuses to rewrite the address (SecurityError) gets the error screen, not a blank page', async () => {
  window.history.replaceState(null, '', '/complaint?sessionId=abc')
  vi.spyOn(window.history, 'replaceState').mockImplementation(() => {
    throw new DOMException('cannot be created in a document with origin', 'SecurityError')
  })
  await startShell(async () => fakePlatform().loader)
  expect(await bootError()).toBeInTheDocument()
})

test('an error React cannot contain (no boundary above it) shows the error screen too', async () => {
  window.history.replaceState(null, '', '/testPreview')
  const loader = fakePlatform({
    records: () => {
      throw new Error('diagnostics exploded')
    },
  }).loader
  await startShell(async () => loader)
  expect(await bootError()).toBeInTheDocument()
})

test('the shell boots normally and passes the deploy settings to the loader', async () => {
  const createLoader = vi.fn(async () => fakePlatform().loader)
  window.history.replaceState(null, '', '/testPreview')
  await startShell(createLoader)
  expect(await screen.findByRole('heading', { name: 'Test preview' })).toBeInTheDocument()
  expect(createLoader).toHaveBeenCalledWith(expect.objectContaining({ versionOverrides: false }))
})

test('on a page the watchdog found below the support floor the shell does nothing: no loader, no remote', async () => {
  const page = window as unknown as Record<string, unknown>
  page[BELOW_FLOOR] = true
  delete page[ENTRY_STARTED]
  try {
    const createLoader = vi.fn(async () => fakePlatform().loader)
    window.history.replaceState(null, '', '/testPreview')
    await startShell(createLoader)
    expect(createLoader).not.toHaveBeenCalled()
    expect(page[ENTRY_STARTED]).toBeUndefined()
    expect(document.getElementById('root')).toBeEmptyDOMElement()
  } finally {
    delete page[BELOW_FLOOR]
  }
})
