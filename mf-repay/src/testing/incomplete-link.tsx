import { act, screen, within } from '@testing-library/react'
import type { RemoteProps } from 'shared/contract'
import { expect, vi } from 'vitest'
import { mountRepay } from './mount-repay'

/**
 * Mounts the remote with `props` (a repayment route whose link names no order) and checks that it says the
 * link is incomplete, offers nothing to tap, and sends no call.
 */
export async function expectIncompleteLinkWithoutCall(props: RemoteProps): Promise<void> {
  const post = vi.spyOn(props.http, 'post')
  mountRepay(props)
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(
    'This repayment link is incomplete. Please open it again from your loan details.',
  )
  expect(within(alert).queryByRole('button')).not.toBeInTheDocument()
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  expect(post).not.toHaveBeenCalled()
}
