import type { Page } from '@playwright/test'

/** The page as the server sends it, without the registry it inlines: the browser then reads /registry.json. */
export async function withoutInlinedRegistry(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch()
      const body = (await response.text()).replace(
        /<script type="application\/json" id="mf-preload">[\s\S]*?<\/script>/,
        '',
      )
      await route.fulfill({ response, body })
    },
  )
}

/**
 * Serves the shell as if `remote` had never been released: gone from the live registry and from the copy the
 * page inlines, the shell's only sources of versions (ADR 0023). Every remote of this build is released, so
 * this is the only way to reach the shell's 'not available yet' screen from the production build.
 */
export async function withoutRemote(page: Page, remote: string, path: string): Promise<void> {
  await page.route('**/registry.json', async (route) => {
    const response = await route.fetch()
    const registry = (await response.json()) as { remotes: Record<string, unknown> }
    delete registry.remotes[remote]
    await route.fulfill({ response, json: registry })
  })
  await withoutInlinedRegistry(page, path)
}
