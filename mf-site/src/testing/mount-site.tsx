import type { RenderResult } from '@testing-library/react'
import type { RemoteProps } from 'shared/contract'
import { renderWithUi } from 'shared/testing'
import { UiProvider } from 'shared/ui'
import { SiteApp } from '../app/site-app'

/**
 * Mounts the remote as the shell does (its root: the UI provider and the screen switch), for the screens'
 * tests. `update` gives the same mount new props, as the shell does on a navigation within the remote.
 */
export function mountSite(props: RemoteProps): RenderResult & { update: (next: RemoteProps) => void } {
  const view = renderWithUi(<SiteApp {...props} />)
  // renderWithUi's wrapper is repeated so the screen updates instead of remounting.
  const update = (next: RemoteProps) =>
    view.rerender(
      <UiProvider locale="en">
        <SiteApp {...next} />
      </UiProvider>,
    )
  return { ...view, update }
}
