// The e2e suite drives Debian's Chromium headless shell, Lighthouse and the screens its whole browser (never a
// downloaded one), and runs one project against real nginx; its engine lanes drive Debian's WebKitGTK
// (webkit2gtk-driver, under Xvfb) and Firefox ESR. Install them when missing and we are allowed to (root with
// apt-get, as in CI); otherwise say what to install.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// The suite's headless Chromium (ADR 0053); the whole browser above runs Lighthouse and the screens gallery.
const headlessShell = process.env.SUITE_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
const nginx = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
const webkitDriver = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver'
const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
const missing = []
if (!existsSync(chromium)) missing.push('chromium', 'fonts-wqy-microhei')
if (!existsSync(headlessShell)) missing.push('chromium-headless-shell')
if (!existsSync(nginx)) missing.push('nginx-light')
if (!existsSync(webkitDriver)) missing.push('webkit2gtk-driver')
if (!existsSync('/usr/bin/xvfb-run')) missing.push('xvfb')
if (!existsSync(firefox)) missing.push('firefox-esr')
if (missing.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `Missing ${missing.join(', ')}. Install (Debian): sudo apt-get install -y ${missing.join(' ')}`,
    )
    process.exit(1)
  }
  console.log(`Installing ${missing.join(', ')} from Debian packages…`)
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    {
      stdio: 'inherit',
    },
  )
}
