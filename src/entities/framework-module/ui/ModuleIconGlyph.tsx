import type { ModuleIcon } from '../model/types'

const PATHS: Record<ModuleIcon, string> = {
  core: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4a6 6 0 1 1 0 12 6 6 0 0 1 0-12zm0 3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  matrix: 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h7v7h-7z',
  loop: 'M12 4a8 8 0 0 1 7.75 6h-2.1A6 6 0 0 0 6.3 8.3L9 11H2V4l2.9 2.9A8 8 0 0 1 12 4zm-7.75 10h2.1a6 6 0 0 0 11.35 1.7L15 13h7v7l-2.9-2.9A8 8 0 0 1 4.25 14z',
  clarify: 'M11 18h2v-2h-2zm1-16a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4a4 4 0 0 1 4 4c0 2.5-3 2.75-3 5h-2c0-3.25 3-3 3-5a2 2 0 1 0-4 0H8a4 4 0 0 1 4-4z',
  files: 'M4 4h6l2 2h8v14H4zm2 4v10h12V8z',
  assembly: 'M12 2 3 7v10l9 5 9-5V7zm0 2.3L18.7 8 12 11.7 5.3 8zM5 9.7l6 3.3v6.7l-6-3.4zm8 10v-6.7l6-3.3v6.6z',
  suite: 'M4 5h16v3H4zm0 5h10v3H4zm0 5h16v3H4z',
}

/** The module's icon; decorative, the card's title names it. */
export const ModuleIconGlyph = ({ icon }: { icon: ModuleIcon }) => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={PATHS[icon]} fill="currentColor" />
  </svg>
)
