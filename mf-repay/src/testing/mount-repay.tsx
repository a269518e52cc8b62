import type { RenderResult } from '@testing-library/react'
import type { RemoteProps } from 'shared/contract'
import { renderWithUi } from 'shared/testing'
import { RepayApp } from '../app/repay-app'

/**
 * Mounts the remote as the shell does (its root: the UI provider and the screen switch, which starts a screen
 * afresh for a new query), for the screens' tests.
 */
export function mountRepay(props: RemoteProps): RenderResult {
  return renderWithUi(<RepayApp {...props} />)
}
