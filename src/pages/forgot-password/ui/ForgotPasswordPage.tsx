import { Link } from 'react-router-dom'
import { CONTACT_EMAIL } from '@/shared/config'
import { usePageMeta } from '@/shared/lib/seo'
import { CardPage } from '@/shared/ui'
import styles from './ForgotPasswordPage.module.scss'

export const ForgotPasswordPage = () => {
  usePageMeta({ title: 'Forgot Password', description: 'How to get a new password for the Architect Suite.' })
  return (
    <CardPage className={styles.card}>
      <h1>Forgot your password?</h1>
      <p>
        Staff passwords are reset by an administrator, not by e-mail: this keeps the Architect Suite closed to anyone
        who gets hold of a mailbox.
      </p>
      <h2>How to get a new one</h2>
      <ol>
        <li>Ask an administrator of your team to reset it. They run <code>npm run users -- reset-password --email you@company.com</code> on the server and give you the new password in person or over a trusted channel.</li>
        <li>
          If you cannot reach one, write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> from your work
          address and we will put you in touch.
        </li>
      </ol>
      <p className={styles.links}>
        <Link to="/login">Back to sign in</Link> · <Link to="/contact">Contact us</Link>
      </p>
    </CardPage>
  )
}
