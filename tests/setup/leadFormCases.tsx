import { http, HttpResponse } from 'msw'
import { screen, waitFor } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { server } from './msw'

/** A lead form (waitlist, contact, newsletter) as the cases every one of them must pass see it. */
export interface LeadForm {
  /** The endpoint the form posts to. */
  url: string
  /** Renders the form (with its providers). */
  render: () => void
  /** The submit button's name. */
  submitName: string
  /** Fills in a valid submission. */
  fillValid: (user: UserEvent) => Promise<void>
  /** The message shown when sending fails. */
  failure: string
  /** Finds that message where the form shows it (its toast, its own line). */
  findFailure: () => Promise<HTMLElement>
  /** What the form still shows after a failure: the person's answers are kept. */
  expectKept: () => Promise<void> | void
  /** A field error the server answers with: the field's name on the wire, its message and the field it belongs to. */
  serverError: { name: string; message: string; field?: () => HTMLElement }
  /** Also checked after a failure. */
  expectAfterFailure?: () => void
}

const submitted = async (form: LeadForm) => {
  const user = userEvent.setup()
  form.render()
  await form.fillValid(user)
  await user.click(await screen.findByRole('button', { name: form.submitName }))
}

/** What every lead form does with the server's answers, and its honeypot. */
export const leadFormCases = (form: LeadForm) => {
  describe('the cases every lead form shares', () => {
    it('keeps the answers and shows the failure when the server fails', async () => {
      server.use(http.post(form.url, () => HttpResponse.json({ success: false, message: 'boom' }, { status: 500 })))
      await submitted(form)
      expect(await form.findFailure()).toHaveTextContent(form.failure)
      await form.expectKept()
      form.expectAfterFailure?.()
    })

    it('shows the failure when the network is down', async () => {
      server.use(http.post(form.url, () => HttpResponse.error()))
      await submitted(form)
      expect(await form.findFailure()).toHaveTextContent(form.failure)
    })

    it('shows the field errors the server returns, next to their fields, and no failure', async () => {
      const { name, message, field } = form.serverError
      server.use(
        http.post(form.url, () =>
          HttpResponse.json({ success: false, message, errors: { [name]: message } }, { status: 400 }),
        ),
      )
      await submitted(form)
      expect(await screen.findByText(message)).toBeInTheDocument()
      if (field) await waitFor(() => expect(field()).toHaveFocus())
      expect(screen.queryByText(form.failure)).not.toBeInTheDocument()
    })

    it('keeps the honeypot away from people and the keyboard', async () => {
      form.render()
      const trap = await screen.findByLabelText('Website')
      expect(trap).toHaveAttribute('tabindex', '-1')
      expect(trap).toHaveAttribute('autocomplete', 'off')
      expect(trap.closest('[aria-hidden="true"]')).not.toBeNull()
      expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument()
    })
  })
}

/** A form's required fields, as an empty submit shows them. */
export interface RequiredFields {
  render: () => void
  submitName: string
  /** The messages of the required fields. */
  messages: string[]
  /** An optional field, which an empty submit leaves valid. */
  optional: () => HTMLElement
  /** The first field, which takes the focus and reads its message. */
  first: () => HTMLElement
  /** The first field's message. */
  firstMessage: string
}

/** On an empty submit: every required message, the optional field still valid, the first field focused. */
export const requiredFieldsCase = (form: RequiredFields) => {
  it('shows every required message on an empty submit and focuses the first field', async () => {
    const user = userEvent.setup()
    form.render()
    await user.click(screen.getByRole('button', { name: form.submitName }))
    const [firstMessage, ...others] = form.messages
    if (firstMessage) expect(await screen.findByText(firstMessage)).toBeInTheDocument()
    for (const message of others) expect(screen.getByText(message)).toBeInTheDocument()
    expect(form.optional()).toBeValid()
    // Focus moves in an effect after the messages render: wait for it rather than assume it ran.
    await waitFor(() => expect(form.first()).toHaveFocus())
    expect(form.first()).toHaveAccessibleDescription(form.firstMessage)
    expect(form.first()).toHaveAttribute('aria-invalid', 'true')
  })
}
