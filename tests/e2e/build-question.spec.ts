import { expect, test } from '@playwright/test'
import { recordTracker, trackerSeen } from './tracker'
import { conversation, messageBox, openAssistant } from './assistant-page'
import { watchErrors } from './errors'

/**
 * A question that contains a build word goes to the build endpoint (the spec's keyword rule), whose
 * classification answers it as a question: a reply from the docs, no project, no archive, no toast.
 */

const SAVED_FILES = 'Your project files have been saved to the server downloads directory.'

test('answers "How do I enable approval gates in the build pipeline?" from the docs, and builds nothing', async ({ page }) => {
  const errors = watchErrors(page)
  await recordTracker(page)
  await openAssistant(page)

  await messageBox(page).fill('How do I enable approval gates in the build pipeline?')
  await messageBox(page).press('Enter')

  // The answer quotes the docs and links the page it came from.
  const source = conversation(page).getByRole('link', { name: /Permission Controls/ }).first()
  await expect(source).toBeVisible({ timeout: 30_000 })
  await expect(conversation(page).getByText(/A gate is a point in the pipeline/).first()).toBeVisible()
  // The tracker ran, completed and went; nothing was built.
  await expect(page.getByRole('progressbar')).toBeHidden()
  expect((await trackerSeen(page)).length).toBeGreaterThan(0)
  await expect(conversation(page).getByRole('link', { name: /^Download .+\.zip$/ })).toHaveCount(0)
  await expect(conversation(page).getByText(SAVED_FILES)).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: SAVED_FILES })).toHaveCount(0)
  expect(errors).toEqual([])
})
