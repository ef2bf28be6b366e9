/** Debian's Chromium; nothing here ever downloads a browser. `CHROME_PATH` overrides. */
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

/** Flags for Playwright (which adds its own headless switches). */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Flags for chrome-launcher in the Lighthouse runs. */
export const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
