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
 * Serves the shell as if `remote` had never been released: gone from the live registry, from the copy the
 * page inlines and from the copy baked into the shell's script. Every remote of this build is released, so
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
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch()
    const script = await response.text()
    // The baked registry's entry for the remote, wherever it stands among the others.
    const baked = new RegExp(`([{,])${remote}:\\{`)
    // Fails loudly when the build stops baking the registry this way, rather than testing nothing.
    if (!baked.test(script)) throw new Error(`the shell's script has no baked '${remote}' entry`)
    await route.fulfill({ response, body: script.replace(baked, `$1not_${remote}:{`) })
  })
}
