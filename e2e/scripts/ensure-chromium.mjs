// The e2e suite drives Debian's Chromium (never a downloaded browser). Install it when missing and we
// are allowed to (root with apt-get, as in CI); otherwise say exactly what to do.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = existsSync('/usr/bin/apt-get')
  if (!isRoot || !hasApt) {
    console.error(`Chromium not found at ${chromium}. Install it (Debian: sudo apt-get install -y chromium fonts-wqy-microhei) or set CHROMIUM_PATH.`)
    process.exit(1)
  }
  console.log('Installing Chromium from Debian packages…')
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei', {
    stdio: 'inherit',
  })
}
