import type { RenderResult } from '@testing-library/react'
import type { RemoteProps } from 'shared/contract'
import { renderWithUi } from 'shared/testing'
import { BindcardApp } from '../app/bindcard-app'

/** Mounts the remote as the shell does (its root: the UI provider and the screen), for the screen's tests. */
export function mountBindcard(props: RemoteProps): RenderResult {
  return renderWithUi(<BindcardApp {...props} />)
}
