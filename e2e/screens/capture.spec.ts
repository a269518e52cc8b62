import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from '@playwright/test'
import { SCREEN_STATES, settle, stateId } from './screen-states'
import { GALLERY_DIR, galleryHtml, galleryMarkdown, pictureOf } from './gallery'

const out = join(fileURLToPath(new URL('../..', import.meta.url)), GALLERY_DIR)

test.beforeAll(() => {
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'README.md'), galleryMarkdown())
  writeFileSync(join(out, 'index.html'), galleryHtml())
})

for (const state of SCREEN_STATES) {
  test(stateId(state), async ({ page }) => {
    await state.show(page)
    await settle(page)
    // Animations (a sheet sliding in, a toast fading) and the caret would differ from one run to the next.
    await page.screenshot({ path: join(out, pictureOf(state)), animations: 'disabled', caret: 'hide' })
  })
}
