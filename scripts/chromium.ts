// Debian's Chromium for the tests and the scripts, in one place: where it is and how it is started.
// Playwright's own browser download cannot work on these machines; the background-networking flags keep
// Chromium from reaching for Google's hosts, which the closed network refuses.
import { chromium } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Headless Chromium driven by playwright-core. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
}
