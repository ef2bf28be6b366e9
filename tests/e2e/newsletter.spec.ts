import { expect, test } from '@playwright/test'

const uniqueEmail = () => `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

test('subscribes, thanks the reader, and resets for another e-mail', async ({ page }) => {
  await page.goto('/')
  const newsletter = page.getByRole('region', { name: 'Stay Updated' })
  // The form's code loads as it nears the viewport, as when a reader scrolls down to it.
  await newsletter.scrollIntoViewIfNeeded()
  await newsletter.getByPlaceholder('Your email address').fill(uniqueEmail())
  await newsletter.getByRole('button', { name: 'Subscribe' }).click()
  await expect(newsletter.getByText('Thank you for subscribing!')).toBeVisible()
  await newsletter.getByRole('button', { name: 'Subscribe another email' }).click()
  await expect(newsletter.getByPlaceholder('Your email address')).toHaveValue('')
})

test('subscribing an address twice gives the same thanks', async ({ page }) => {
  const email = uniqueEmail()
  await page.goto('/')
  const newsletter = page.getByRole('region', { name: 'Stay Updated' })
  // The form's code loads as it nears the viewport, as when a reader scrolls down to it.
  await newsletter.scrollIntoViewIfNeeded()
  for (let round = 0; round < 2; round += 1) {
    await newsletter.getByPlaceholder('Your email address').fill(email.toUpperCase())
    await newsletter.getByRole('button', { name: 'Subscribe' }).click()
    await expect(newsletter.getByText('Thank you for subscribing!')).toBeVisible()
    await newsletter.getByRole('button', { name: 'Subscribe another email' }).click()
  }
})

test('shows the validation messages', async ({ page }) => {
  await page.goto('/')
  const newsletter = page.getByRole('region', { name: 'Stay Updated' })
  // The form's code loads as it nears the viewport, as when a reader scrolls down to it.
  await newsletter.scrollIntoViewIfNeeded()
  await newsletter.getByRole('button', { name: 'Subscribe' }).click()
  await expect(newsletter.getByText('Email is required')).toBeVisible()
  await newsletter.getByPlaceholder('Your email address').fill('not an email')
  await newsletter.getByRole('button', { name: 'Subscribe' }).click()
  await expect(newsletter.getByText('Please enter a valid email address')).toBeVisible()
})

test('says the subscription failed when the network fails, keeping the address', async ({ page }) => {
  await page.goto('/')
  await page.route('**/api/newsletter', (route) => route.abort('connectionrefused'))
  const newsletter = page.getByRole('region', { name: 'Stay Updated' })
  // The form's code loads as it nears the viewport, as when a reader scrolls down to it.
  await newsletter.scrollIntoViewIfNeeded()
  await newsletter.getByPlaceholder('Your email address').fill('offline@example.com')
  await newsletter.getByRole('button', { name: 'Subscribe' }).click()
  await expect(newsletter.getByText('Failed to subscribe. Please try again later.')).toBeVisible()
  await expect(newsletter.getByPlaceholder('Your email address')).toHaveValue('offline@example.com')
})
