import { defineConfig } from 'steiger'
import fsd from '@feature-sliced/steiger-plugin'

export default defineConfig([
  ...fsd.configs.recommended,
  {
    // The house style (shared/STYLE.md) names the store's segment `app/store`.
    files: ['./src/app/store/**'],
    rules: { 'fsd/segments-by-purpose': 'off' },
  },
  {
    // One page slice per route of the spec (and decision D9): grouping them would hide that map.
    files: ['./src/pages/**'],
    rules: { 'fsd/excessive-slicing': 'off' },
  },
  {
    // The house style names these user actions as features; each has one page today, and the
    // Architect Suite's leads page (issue 7) shows what they collect.
    files: ['./src/features/join-waitlist/**', './src/features/send-contact-message/**'],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
  {
    // The assistant's user actions (issue 5), features as the house style names them; the build
    // tracker (issue 6) joins the same page and sends through send-chat-message, and rating a reply
    // (issue 32) is one more of them. With the rule off for them, steiger no longer counts their use
    // of entities/chat, which they all share.
    files: [
      './src/features/send-chat-message/**',
      './src/features/rate-chat-reply/**',
      './src/features/browse-chat-history/**',
      './src/features/select-ai-model/**',
      './src/entities/chat/**',
      './src/entities/build/**',
    ],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
  {
    // The canvas editor (issue 8) is a user action as the house style names features (edit-canvas);
    // only the dashboard's Architecture Canvas tab uses it, and it loads lazily in its own chunk.
    // With the rule off for it, steiger no longer counts its use of entities/canvas.
    files: ['./src/features/edit-canvas/**', './src/entities/canvas/**'],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
  {
    // Steiger's pluralizer reads 'canvas' as a plural; the house style names the entity `canvas`
    // (singular, like chat, build and session), and every other entity is singular too.
    files: ['./src/entities/**'],
    rules: { 'fsd/inconsistent-naming': 'off' },
  },
])
