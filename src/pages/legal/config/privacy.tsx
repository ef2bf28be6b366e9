import { Link } from 'react-router-dom'
import { BRAND_NAME, CONTACT_EMAIL, POSTAL_ADDRESS, PRODUCT_NAME } from '@/shared/config'
import type { LegalDocumentData } from '../model/types'
import { CompanyAddress } from '../ui/CompanyAddress'
import { PRIVACY_MINIMUM_AGE, TERMS_MINIMUM_AGE } from './dates'

const privacyMail = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Privacy request')}`

export const PRIVACY_POLICY: LegalDocumentData = {
  title: 'Privacy Policy',
  description: `How ${BRAND_NAME} collects, uses, shares and protects personal information across the ${PRODUCT_NAME} website, waitlist, assistant and applications, and the rights you have over it.`,
  lead: `What personal information ${BRAND_NAME} collects when you visit our site, join the waitlist, talk to the ${PRODUCT_NAME} assistant or use our applications, why we collect it, and how you stay in control of it.`,
  contactPrompt: 'Questions about your personal information?',
  related: [
    { to: '/terms', label: 'Terms of Service', description: 'The rules for using our website, assistant and applications.' },
    {
      to: '/data-processing',
      label: 'Data Processing Agreement',
      description: 'How we process personal data on behalf of customers who use our applications.',
    },
    { to: '/cookies', label: 'Cookie Policy', description: 'Every cookie and storage entry we use, with its purpose and lifetime.' },
  ],
  sections: [
    {
      id: 'introduction',
      title: 'Introduction',
      body: (
        <>
          <p>
            This Privacy Policy explains how {BRAND_NAME} (&ldquo;{BRAND_NAME}&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;
            or &ldquo;our&rdquo;) handles personal information when you visit our website, join the {PRODUCT_NAME}{' '}
            waitlist, subscribe to our newsletter, contact us, talk to the {PRODUCT_NAME} assistant, or use our
            applications and the Architect Suite (together, the &ldquo;Services&rdquo;).
          </p>
          <p>
            {PRODUCT_NAME} is built around one rule: nothing significant happens without explicit permission. We apply
            the same rule to your data. We collect what we need to run the Services, we tell you what that is, and we do
            not sell it, rent it, or use it to advertise to you.
          </p>
          <p>
            For the personal information described in this policy, {BRAND_NAME}, {POSTAL_ADDRESS.street},{' '}
            {POSTAL_ADDRESS.city}, {POSTAL_ADDRESS.country}, is the controller. When a customer uses our applications to
            process personal information on its own behalf, for example customer reviews analysed in Reviews Compass,
            that customer is the controller and we act as its processor under our{' '}
            <Link to="/data-processing">Data Processing Agreement</Link>.
          </p>
          <p>
            Please read this policy together with our <Link to="/terms">Terms of Service</Link> and our{' '}
            <Link to="/cookies">Cookie Policy</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'information-we-collect',
      title: 'Information We Collect',
      body: (
        <>
          <p>
            We collect information you give us, information that arises when you use the Services, and a small amount of
            technical information that your browser sends with every request.
          </p>
          <h3>Information you give us</h3>
          <ul>
            <li>
              <strong>Waitlist.</strong> Your name, e-mail address, company or project name and role; if you choose to
              tell us, your intended use case and how you heard about us; the plan or product you were looking at when
              you signed up; and the time you agreed to be contacted about early access.
            </li>
            <li>
              <strong>Contact form.</strong> Your name, e-mail address, company (optional), the subject you chose and
              your message.
            </li>
            <li>
              <strong>Newsletter.</strong> Your e-mail address and the date you subscribed. Nothing else: we do not keep
              the IP address you subscribed from.
            </li>
            <li>
              <strong>Assistant conversations.</strong> The messages you send to the {PRODUCT_NAME} assistant, its
              replies, the build requests you make, and the project archives it generates for you. Please do not paste
              secrets or other people&rsquo;s personal information into a conversation unless you need to.
            </li>
            <li>
              <strong>Staff accounts.</strong> For people we authorise to use the Architect Suite: e-mail address,
              password (kept only as a salted scrypt hash, never in readable form), roles and permissions, and the
              decisions you record, such as approving or denying a step at an approval gate, with the time you made them.
            </li>
          </ul>
          <h3>Information that arises when you use the Services</h3>
          <ul>
            <li>
              <strong>Sessions.</strong> When a staff member signs in we open a session. We store only a hash of its
              token, with the times it was created and expires and whether it has been ended.
            </li>
            <li>
              <strong>Conversation ownership.</strong> So that you see only your own conversations, each one belongs
              either to your staff account or to a random visitor identifier kept in a cookie in your browser. That
              identifier is not connected to your name or e-mail address.
            </li>
            <li>
              <strong>Build records.</strong> The stages a build went through, the tokens each stage used, and the log
              entries our agents wrote while working on it.
            </li>
          </ul>
          <h3>Technical information</h3>
          <p>
            Like every web server, ours receives your IP address, the address of the page or resource requested, the
            time, and your browser&rsquo;s user agent with each request. We keep these in server logs to operate and
            secure the Services. Sign-in tokens, cookies and passwords are removed from log entries before they are
            written. We also use IP addresses briefly, in memory, to apply rate limits that protect our forms and
            sign-in from abuse; those counters are never stored.
          </p>
          <p>
            We do not use analytics services, advertising networks, tracking pixels or device fingerprinting, and we do
            not buy personal information from data brokers.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use-information',
      title: 'How We Use Your Information',
      body: (
        <>
          <p>
            We use personal information only for the purposes below. For people in the European Economic Area, the
            United Kingdom and Switzerland, each purpose names its legal basis under the General Data Protection
            Regulation (GDPR) or its UK and Swiss equivalents.
          </p>
          <ul>
            <li>
              <strong>To provide the Services you ask for:</strong> running the assistant, building and delivering your
              projects, signing you in, and keeping your conversations available to you. Legal basis: performance of a
              contract with you, or steps you asked us to take before entering into one.
            </li>
            <li>
              <strong>To run the waitlist and early access:</strong> inviting you when a place opens, telling you about
              the plan or product you chose, and keeping you informed about the early access programme. Legal basis:
              your consent, given when you join, which you can withdraw at any time.
            </li>
            <li>
              <strong>To answer your messages:</strong> replying to what you sent through the contact form and following
              up on sales, support, demo or careers enquiries. Legal basis: our legitimate interest in responding to
              people who contact us.
            </li>
            <li>
              <strong>To send the newsletter you subscribed to.</strong> Legal basis: your consent. Every issue contains
              a link to unsubscribe.
            </li>
            <li>
              <strong>To keep the Services secure and reliable:</strong> detecting and preventing abuse, applying rate
              limits, investigating incidents, and keeping an audit trail of who approved which change. Legal basis: our
              legitimate interest in protecting the Services and their users, and our legal obligations.
            </li>
            <li>
              <strong>To improve the Services:</strong> learning which features are used and where builds fail, from
              build records and logs looked at in aggregate. Legal basis: our legitimate interest in improving our
              products.
            </li>
            <li>
              <strong>To comply with the law:</strong> keeping the records we must keep and answering lawful requests.
              Legal basis: legal obligation.
            </li>
          </ul>
          <p>
            We do not use your conversations, requirements, uploaded material or generated code to train AI models. We
            do not make decisions about you based solely on automated processing that have legal or similarly
            significant effects on you.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and Similar Technologies',
      body: (
        <>
          <p>We use a small number of cookies and browser storage entries, each needed for a feature you use:</p>
          <ul>
            <li>a session cookie that keeps staff members signed in to the Architect Suite;</li>
            <li>a visitor cookie that lets the assistant show you your own conversations and nobody else&rsquo;s;</li>
            <li>
              local storage entries that hold the staff sign-in token, the assistant model you chose, and drawings on
              the Architecture Canvas.
            </li>
          </ul>
          <p>
            We use no advertising or analytics cookies and allow no third-party tracking, which is why you do not see a
            cookie banner on our site. Our <Link to="/cookies">Cookie Policy</Link> lists every item by name with its
            purpose and lifetime, and explains how to remove them.
          </p>
        </>
      ),
    },
    {
      id: 'sharing-and-disclosure',
      title: 'Sharing and Disclosure',
      body: (
        <>
          <p>
            We do not sell or rent personal information, and we do not share it for cross-context behavioural
            advertising. We disclose it only in these cases:
          </p>
          <ul>
            <li>
              <strong>Service providers</strong> that host our servers and databases, deliver our e-mail and provide
              similar infrastructure. They work under written contracts that let them use the information only to
              provide their service to us and require them to protect it.
            </li>
            <li>
              <strong>AI model providers.</strong> By default the assistant runs on our own engine, and your messages do
              not leave our infrastructure. Where we offer a model hosted by an external provider and you select it, the
              messages of that conversation are sent to that provider to produce the replies, under terms that forbid it
              to use them for training or any other purpose of its own.
            </li>
            <li>
              <strong>Our own team.</strong> Authorised staff see waitlist, contact and newsletter entries and build
              records only as far as their role requires. Their access is governed by permissions.
            </li>
            <li>
              <strong>Legal requirements.</strong> When we believe in good faith that disclosure is required by law, a
              court order or a lawful request by a public authority, or is needed to protect the rights, property or
              safety of {BRAND_NAME}, our users or the public.
            </li>
            <li>
              <strong>Business transfers.</strong> If {BRAND_NAME} is involved in a merger, acquisition or sale of
              assets, personal information may pass to the new owner as part of that transaction. We will tell you
              before your information becomes subject to a different privacy policy.
            </li>
            <li>
              <strong>With your consent.</strong> In any other case, only when you ask us to or agree to it.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'data-retention',
      title: 'Data Retention',
      body: (
        <>
          <p>We keep personal information only as long as we need it for the purposes in this policy:</p>
          <ul>
            <li>
              <strong>Waitlist entries:</strong> until early access opens and you have been offered a place, then for up
              to 12 months, unless you become a customer or ask us to delete your entry sooner.
            </li>
            <li>
              <strong>Contact messages:</strong> 24 months after our last exchange, so that we can follow the history
              of a conversation.
            </li>
            <li>
              <strong>Newsletter subscriptions:</strong> until you unsubscribe. After that we keep only your address on a
              suppression list, so that we never write to you again by mistake.
            </li>
            <li>
              <strong>Assistant conversations and generated archives:</strong> as long as the account or visitor
              identifier that owns them exists. Conversations of anonymous visitors are deleted once their visitor
              cookie has expired, 400 days after it was last used. You can delete a conversation yourself, or ask us
              to, at any time.
            </li>
            <li>
              <strong>Staff accounts:</strong> as long as the person is authorised. A session ends when its holder signs
              out, after 12 hours, or after 30 days when &ldquo;Remember me&rdquo; was chosen.
            </li>
            <li>
              <strong>Server logs:</strong> 30 days. Agent logs and approval audit trails: up to 24 months.
            </li>
          </ul>
          <p>
            When a period ends we delete the information or make it anonymous, so that it can no longer be linked to
            you. Backups are overwritten on a rolling 35-day cycle. We keep information longer only when the law
            requires it or to establish, exercise or defend legal claims.
          </p>
        </>
      ),
    },
    {
      id: 'data-security',
      title: 'Data Security',
      body: (
        <>
          <p>We protect personal information with technical and organisational measures suited to the risk, including:</p>
          <ul>
            <li>encryption in transit (TLS) for every connection to the Services;</li>
            <li>
              passwords kept only as salted scrypt hashes, and sign-in tokens that are 256-bit random values of which we
              store only a SHA-256 hash, so that a copy of our database could not be used to sign in;
            </li>
            <li>
              session cookies that scripts cannot read (HttpOnly), that browsers do not send with requests other sites
              start (SameSite=Lax), and that over HTTPS are Secure and bound to our host; requests from other sites that
              try to change data with them are refused;
            </li>
            <li>rate limits and one generic error message on sign-in, so that passwords and accounts cannot be guessed;</li>
            <li>permission-based access for staff, with every approval decision recorded with who made it and when;</li>
            <li>
              generated code that is built and tested in isolated environments and never run against your systems
              without your explicit approval;
            </li>
            <li>size limits and strict server-side validation of everything sent through our forms.</li>
          </ul>
          <p>
            No method of transmission or storage is completely secure, so we cannot guarantee absolute security. If a
            personal data breach puts your rights at risk, we will inform you and the competent authorities as the law
            requires. Please report security concerns to <a href={privacyMail}>{CONTACT_EMAIL}</a>.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your Rights and Choices',
      body: (
        <>
          <p>Depending on where you live, you have some or all of these rights over your personal information:</p>
          <ul>
            <li>
              <strong>Access:</strong> to know whether we hold personal information about you and to receive a copy.
            </li>
            <li>
              <strong>Correction:</strong> to have inaccurate or incomplete information corrected.
            </li>
            <li>
              <strong>Deletion:</strong> to have your information erased.
            </li>
            <li>
              <strong>Restriction and objection:</strong> to have us limit how we use your information, or to object to
              uses based on our legitimate interests.
            </li>
            <li>
              <strong>Portability:</strong> to receive the information you gave us in a structured, machine-readable
              format, or have it sent to another provider.
            </li>
            <li>
              <strong>Withdrawing consent:</strong> for example by leaving the waitlist or unsubscribing from the
              newsletter, at any time and without affecting what we did before.
            </li>
          </ul>
          <p>
            Residents of California and other US states with privacy laws also have the right to know what we collect
            and why, and to opt out of the sale or sharing of personal information. We do not sell or share personal
            information in that sense. We will never treat you differently for exercising any of your rights.
          </p>
          <p>
            To exercise a right, e-mail <a href={privacyMail}>{CONTACT_EMAIL}</a> or use our{' '}
            <Link to="/contact">contact form</Link>. We answer within one month (45 days where US state law applies) and
            may ask you to confirm your identity first. You also have the right to complain to the data protection
            authority of the country where you live or work, although we would appreciate the chance to address your
            concern first.
          </p>
        </>
      ),
    },
    {
      id: 'childrens-privacy',
      title: "Children's Privacy",
      body: (
        <>
          <p>
            The Services are made for professionals and are not directed at children. You must be at least{' '}
            {PRIVACY_MINIMUM_AGE} years old to give us personal information, for example by joining the waitlist,
            subscribing to the newsletter or talking to the assistant. We do not knowingly collect personal information
            from anyone under {PRIVACY_MINIMUM_AGE}.
          </p>
          <p>
            If you believe that someone under {PRIVACY_MINIMUM_AGE} has given us personal information, please contact
            us and we will delete it. If we learn on our own that we hold such information, we delete it promptly.
          </p>
          <p>
            Using our applications is also governed by the <Link to="/terms">Terms of Service</Link>, which require
            users to be at least {TERMS_MINIMUM_AGE} years old, or to have the consent of a parent or legal guardian if
            they are younger.
          </p>
        </>
      ),
    },
    {
      id: 'international-transfers',
      title: 'International Data Transfers',
      body: (
        <>
          <p>
            {BRAND_NAME} is based in the {POSTAL_ADDRESS.country}, and our servers are located there. If you use the
            Services from elsewhere, your personal information is transferred to, stored and processed in the{' '}
            {POSTAL_ADDRESS.country}, where data protection law may differ from that of your country.
          </p>
          <p>
            When we receive personal information from the European Economic Area, the United Kingdom or Switzerland, we
            rely on the European Commission&rsquo;s Standard Contractual Clauses, the UK International Data Transfer
            Addendum, or another lawful transfer mechanism, together with supplementary measures such as encryption. We
            require our service providers to apply the same safeguards. You can ask us for a copy of them.
          </p>
        </>
      ),
    },
    {
      id: 'changes-and-contact',
      title: 'Changes and Contact',
      body: (
        <>
          <p>
            We update this policy when our Services or the law change; the date at the top of this page shows when it
            last changed. If a change materially affects how we use personal information you have already given us, we
            will tell you in advance, by e-mail where we have your address and with a notice on this site, and ask for
            your consent where the law requires it.
          </p>
          <p>For questions, requests or complaints about this policy or your personal information, contact us at:</p>
          <CompanyAddress subject="Privacy request" />
          <p>
            You can also reach us through our <Link to="/contact">contact form</Link>.
          </p>
        </>
      ),
    },
  ],
}
