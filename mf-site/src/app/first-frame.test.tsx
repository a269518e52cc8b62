import { act, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import type { Settings } from 'shared/contract'
import { rootComponentOf } from 'shared/remote'
import { createFirstFrameRenderer } from 'shared/remote/first-frame-render'
import { createTestProps, setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { handlers } from '../mocks/handlers'
import { FORMERLY_INVENTED, TEST_LENDER } from '../mocks/lender-settings'
import * as app from './app'

setupMswServer(...handlers)
afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

/** The routes whose first frame the release writes into the page (vite.config.ts, ADR 0018). */
const FRAMED = {
  '/': 'site',
  '/aboutUs': 'aboutUs',
  '/privacyPolicy': 'privacyPolicy',
  '/loanAgreement': 'loanAgreement',
}

const Root = rootComponentOf(app)

function frameOf(path: string, settings: Settings): string {
  const frame = createFirstFrameRenderer('mf_site', Root, Object.keys(FRAMED)).renderFirstFrame(
    path,
    settings,
  )
  if (!('html' in frame)) throw new Error(frame.skipped)
  return frame.html
}

const OTHER_LENDER = {
  lenderName: 'Bangka Finance Inc.',
  lenderSecRegistrationNo: 'CS2025-12345',
  lenderCertificateOfAuthorityNo: '5150',
  lenderAddress: '3 Other Road, Cebu City',
}

test.each(Object.keys(FRAMED))(
  "%s: the release's first frame carries the lender of the deployment's settings, and follows a change of them",
  (path) => {
    const first = frameOf(path, { ...TEST_SETTINGS, ...TEST_LENDER })
    const changed = frameOf(path, { ...TEST_SETTINGS, ...OTHER_LENDER })
    // Every framed page names the lender: the site in its footer, the documents in their text.
    expect(first).toContain('Kalesa Lending Corp.')
    expect(changed).toContain('Bangka Finance Inc.')
    expect(changed).not.toContain('Kalesa')
    if (path !== '/aboutUs') {
      expect(first).toContain('CS2024-77777')
      expect(changed).toContain('CS2025-12345')
    }
    const bare = frameOf(path, TEST_SETTINGS)
    expect(bare).not.toMatch(FORMERLY_INVENTED)
    expect(bare).not.toContain('undefined')
  },
)

test.each(Object.entries(FRAMED))(
  '%s: the frame with the lender hydrates without a mismatch',
  async (path, screenName) => {
    const settings = { ...TEST_SETTINGS, ...TEST_LENDER }
    const element = document.createElement('div')
    element.innerHTML = frameOf(path, settings)
    document.body.append(element)
    const errors = vi.spyOn(console, 'error')
    const recoverable = vi.fn()
    const props = createTestProps({ screen: screenName, settings })
    const root = await act(async () =>
      hydrateRoot(element, <Root {...props} />, { onRecoverableError: recoverable }),
    )
    expect(screen.getAllByText(/Kalesa Lending Corp\./).length).toBeGreaterThan(0)
    expect(recoverable).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
    act(() => root.unmount())
  },
)
