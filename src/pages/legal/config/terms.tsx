import { Link } from 'react-router-dom'
import { BRAND_NAME, CONTACT_EMAIL, POSTAL_ADDRESS, PRODUCT_NAME } from '@/shared/config'
import type { LegalDocumentData } from '../model/types'
import { CompanyAddress } from '../ui/CompanyAddress'
import { PRIVACY_MINIMUM_AGE, TERMS_MINIMUM_AGE } from './dates'

const legalMail = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Terms of Service')}`
const optOutMail = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Arbitration opt-out')}`

export const TERMS_OF_SERVICE: LegalDocumentData = {
  title: 'Terms of Service',
  description: `The terms that govern your use of the ${BRAND_NAME} website, the ${PRODUCT_NAME} assistant, our applications and the Architect Suite.`,
  lead: `The agreement between you and ${BRAND_NAME} for using our website, the ${PRODUCT_NAME} assistant and our applications. Please read it carefully: it includes an arbitration agreement and limits our liability.`,
  contactPrompt: 'Questions about these terms?',
  related: [
    { to: '/privacy', label: 'Privacy Policy', description: 'What personal information we collect, why, and your rights over it.' },
    {
      to: '/data-processing',
      label: 'Data Processing Agreement',
      description: 'Our commitments when we process personal data on your behalf.',
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
            These Terms of Service (the &ldquo;Terms&rdquo;) are an agreement between you and {BRAND_NAME}, located at{' '}
            {POSTAL_ADDRESS.street}, {POSTAL_ADDRESS.city}, {POSTAL_ADDRESS.country} (&ldquo;{BRAND_NAME}&rdquo;,
            &ldquo;we&rdquo;, &ldquo;us&rdquo; or &ldquo;our&rdquo;). They govern your use of our website, the waitlist
            and newsletter, the {PRODUCT_NAME} assistant, our applications, including the {PRODUCT_NAME} intelligence
            platform, Reviews Compass and our research tools, and the Architect Suite (together, the
            &ldquo;Services&rdquo;).
          </p>
          <p>
            {PRODUCT_NAME} is a system of recursive AI agents that clarifies requirements, plans a project&rsquo;s
            structure, writes, tests and debugs code, and assembles the result. Significant steps wait at approval gates
            for an explicit decision by a person. These Terms describe what you can expect from us, and what we expect
            from you, while you use it.
          </p>
          <p>
            If you use the Services on behalf of a company or other organisation, &ldquo;you&rdquo; means that
            organisation, and you confirm that you have the authority to accept these Terms for it. Where we have signed
            a separate agreement with your organisation, that agreement prevails over these Terms where the two differ.
          </p>
        </>
      ),
    },
    {
      id: 'acceptance',
      title: 'Acceptance of Terms',
      body: (
        <>
          <p>
            By accessing or using any part of the Services, joining the waitlist, or creating or using an account, you
            accept these Terms and our <Link to="/privacy">Privacy Policy</Link>, which explains how we handle personal
            information. If you do not agree, do not use the Services.
          </p>
          <p>
            When we process personal data on your behalf, for example data in the material you give our applications,
            our <Link to="/data-processing">Data Processing Agreement</Link> also applies and forms part of these Terms.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      body: (
        <>
          <p>
            We may change these Terms as the Services evolve or the law changes. The date at the top of this page shows
            when they last changed.
          </p>
          <p>
            If a change is material, we will tell you at least 30 days before it takes effect, by e-mail to the address
            we have for you and with a notice in the Services. Changes required by law, or made for security reasons,
            may take effect sooner. If you keep using the Services after a change takes effect, you accept the changed
            Terms; if you do not accept them, you may stop using the Services and, for a paid subscription, cancel it
            before the change applies to you.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Accounts and Eligibility',
      body: (
        <>
          <p>
            You must be at least {TERMS_MINIMUM_AGE} years old to use the Services. If you are under{' '}
            {TERMS_MINIMUM_AGE}, you may use them only with the consent of a parent or legal guardian, who accepts these
            Terms on your behalf and is responsible for your use. In no case may anyone under {PRIVACY_MINIMUM_AGE} give
            us personal information, as our <Link to="/privacy">Privacy Policy</Link> explains.
          </p>
          <p>When you have an account with us, you agree to:</p>
          <ul>
            <li>give accurate information and keep it up to date;</li>
            <li>keep your password confidential, and not share your account or sign-in token with anyone;</li>
            <li>
              use &ldquo;Remember me&rdquo; only on a device that you alone use, and sign out on shared computers;
            </li>
            <li>tell us at once if you suspect that someone else has used your account.</li>
          </ul>
          <p>
            You are responsible for everything done with your account, including decisions recorded at approval gates.
            Access to the Architect Suite is granted by us or your organisation&rsquo;s administrator, and the
            permissions attached to it may be changed or withdrawn at any time.
          </p>
        </>
      ),
    },
    {
      id: 'services',
      title: 'The Services',
      body: (
        <>
          <p>The Services include:</p>
          <ul>
            <li>
              the {PRODUCT_NAME} assistant, which answers questions in natural language and, on request, runs a
              multi-stage build (classification, clarification, market analysis, structuring, development, assembly and
              delivery) that produces a downloadable project archive;
            </li>
            <li>
              our applications: the {PRODUCT_NAME} intelligence platform for orchestrating agents, Reviews Compass for
              understanding customer feedback, and research tools for clarifying requirements and analysing markets;
            </li>
            <li>the Architect Suite, where authorised staff oversee agents, tests, logs and approvals;</li>
            <li>our website, documentation, waitlist and newsletter.</li>
          </ul>
          <p>
            Early access to our applications is planned for June 2025, followed by a beta from July to August and a full
            release in September 2025. Features marked as early access or beta are still being built: they may change,
            be interrupted, or be withdrawn, and they are provided to help us learn from your feedback.
          </p>
          <p>
            AI output can be wrong. The assistant and our agents may produce code, analysis or text that is inaccurate,
            incomplete, insecure or similar to content produced for others. Review everything the Services produce, and
            test generated code, before you rely on it, deploy it or run it in an environment that matters. The approval
            gates exist so that a person decides on every significant change; you are responsible for the decisions you
            make there.
          </p>
          <p>
            We may improve, change or discontinue features. If we discontinue a paid feature you rely on, we will give
            you reasonable notice and, where appropriate, a pro-rated refund.
          </p>
        </>
      ),
    },
    {
      id: 'payment',
      title: 'Payment and Billing',
      body: (
        <>
          <p>
            Joining the waitlist, reading our documentation and using the assistant are free. Our applications are
            offered on paid plans, whose current prices are shown on the pricing pages of the{' '}
            <Link to="/apps/intelligence-platform/pricing">intelligence platform</Link> and the{' '}
            <Link to="/apps/research-tools/pricing">research tools</Link>. Enterprise plans are priced in an order form
            agreed with our sales team. No payment is taken for early access unless we agree otherwise in writing.
          </p>
          <ul>
            <li>
              Subscriptions are billed monthly in advance, in US dollars, and renew automatically until cancelled.
            </li>
            <li>
              Prices exclude taxes, which are added where the law requires. You are responsible for taxes on your
              purchases, other than taxes on our income.
            </li>
            <li>
              You can cancel at any time; cancellation takes effect at the end of the current billing period, and you
              keep access until then. Except where the law or these Terms say otherwise, fees already paid are not
              refunded.
            </li>
            <li>
              Plans limited to a number of users or team members may not be shared beyond that number.
            </li>
            <li>
              We may change prices with at least 30 days&rsquo; notice; a new price applies from your next billing
              period after the notice ends.
            </li>
            <li>
              If a payment fails, we will tell you and try again. If it is still unpaid 14 days later, we may suspend
              paid features until it is settled.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'user-content',
      title: 'User Content',
      body: (
        <>
          <p>
            &ldquo;User Content&rdquo; means what you put into the Services, such as messages, requirements, documents,
            reviews and data, and what the Services produce for you from it, such as plans, analysis, code and project
            archives (&ldquo;Output&rdquo;).
          </p>
          <ul>
            <li>
              <strong>You keep your rights.</strong> As between you and us, you own your User Content, and we assign to
              you any rights we may have in the Output made for you.
            </li>
            <li>
              <strong>You give us what we need to run the Services.</strong> You grant us a worldwide, non-exclusive,
              royalty-free licence to host, copy, process and transmit your User Content only as needed to provide,
              secure and support the Services for you. This licence ends when your User Content is deleted.
            </li>
            <li>
              <strong>We do not train on it.</strong> We do not use your User Content to train AI models, and we do not
              let our service providers do so.
            </li>
            <li>
              <strong>You are responsible for it.</strong> You confirm that you have the rights and, where personal data
              is involved, the lawful basis to give us your User Content, and that it does not break the law or anyone
              else&rsquo;s rights.
            </li>
          </ul>
          <p>
            Generated code may include or depend on open-source components. They remain under their own licences, which
            the project archive identifies where it can; you are responsible for complying with them when you use the
            Output. If you send us feedback or ideas, we may use them freely and without obligation to you.
          </p>
        </>
      ),
    },
    {
      id: 'prohibited-conduct',
      title: 'Prohibited Conduct',
      body: (
        <>
          <p>You agree not to use the Services, or help anyone else use them, to:</p>
          <ul>
            <li>break any law, or infringe anyone&rsquo;s intellectual property, privacy or other rights;</li>
            <li>
              create malware, exploits or tools meant to gain unauthorised access to systems, or otherwise cause harm
              to people, systems or data;
            </li>
            <li>
              generate content that is unlawful, harassing, hateful, sexually exploits minors, or deceives people, for
              example by impersonating someone;
            </li>
            <li>
              gain access to accounts, conversations, data or parts of the Services you are not authorised to use, or
              get around permissions, approval gates, rate limits or other safeguards;
            </li>
            <li>
              probe, scan or test the vulnerability of the Services without our written permission (please report
              security issues to <a href={legalMail}>{CONTACT_EMAIL}</a> instead);
            </li>
            <li>
              overload or disrupt the Services, send automated requests beyond documented limits, or scrape them;
            </li>
            <li>
              reverse engineer the Services, or use them or their Output to build a competing product, except where
              the law expressly allows it;
            </li>
            <li>resell, sublicense or share the Services with people who are not covered by your plan.</li>
          </ul>
          <p>
            We may investigate suspected violations, remove content, and suspend or end access as described in
            Termination below.
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual Property',
      body: (
        <>
          <p>
            The Services, including their software, agents, models, designs, documentation and content other than User
            Content, belong to {BRAND_NAME} and its licensors and are protected by intellectual property laws. Subject to
            these Terms, we grant you a limited, non-exclusive, non-transferable, revocable licence to use the Services
            for your own internal purposes during your subscription or other permitted use.
          </p>
          <p>
            &ldquo;{PRODUCT_NAME}&rdquo;, &ldquo;{BRAND_NAME}&rdquo;, &ldquo;Reviews Compass&rdquo; and our logos are
            our trademarks. You may not use them without our written permission, except to refer to our products
            accurately. All rights not expressly granted in these Terms are reserved.
          </p>
          <p>
            If you believe that content in the Services infringes your copyright, write to us at{' '}
            <a href={legalMail}>{CONTACT_EMAIL}</a>, identifying the work, the content concerned and where it is, and
            your contact details. We respond to valid notices and remove infringing content.
          </p>
        </>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      body: (
        <>
          <p>
            To the fullest extent permitted by law, the Services and all Output are provided &ldquo;as is&rdquo; and
            &ldquo;as available&rdquo;, without warranties of any kind, whether express, implied or statutory, including
            warranties of merchantability, fitness for a particular purpose, title, non-infringement, and accuracy.
          </p>
          <p>
            In particular, we do not warrant that the Services will be uninterrupted or error-free, that Output will be
            correct, secure or fit for your purpose, or that defects will be corrected. Early access and beta features
            are provided for evaluation and may not be as reliable as generally available features.
          </p>
          <p>
            Some jurisdictions do not allow certain warranties to be excluded. In those places, the exclusions above
            apply only as far as the law permits, and you keep the rights that cannot be excluded.
          </p>
        </>
      ),
    },
    {
      id: 'limitation-of-liability',
      title: 'Limitation of Liability',
      body: (
        <>
          <p>
            To the fullest extent permitted by law, neither {BRAND_NAME} nor its affiliates, employees or suppliers will
            be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of
            profits, revenue, data or goodwill, arising out of or relating to these Terms or the Services, even if we
            have been told such damages are possible.
          </p>
          <p>
            Our total liability for all claims arising out of or relating to these Terms or the Services is limited to
            the greater of the amounts you paid us for the Services in the 12 months before the event giving rise to
            the claim, or one hundred US dollars (US$100).
          </p>
          <p>
            These limits do not apply to liability that cannot be limited by law, such as liability for death or
            personal injury caused by negligence, or for fraud, gross negligence or wilful misconduct. They reflect a
            fair allocation of risk and are an essential basis of our prices.
          </p>
        </>
      ),
    },
    {
      id: 'indemnification',
      title: 'Indemnification',
      body: (
        <>
          <p>
            You agree to defend, indemnify and hold harmless {BRAND_NAME} and its affiliates, employees and suppliers
            against any third-party claims, and the resulting losses, damages, liabilities, costs and reasonable legal
            fees, arising from your User Content, your use of the Services or Output in breach of these Terms, or your
            violation of any law or of anyone&rsquo;s rights.
          </p>
          <p>
            We will tell you promptly about any such claim, let you control its defence and settlement (though you may
            not settle a claim in a way that admits fault on our part or imposes obligations on us without our consent),
            and give you reasonable help at your expense. This section does not apply to individuals using the Services
            as consumers, where the law does not permit it.
          </p>
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Termination',
      body: (
        <>
          <p>
            You may stop using the Services at any time. You can cancel a subscription as described in Payment and
            Billing, and ask us to close your account and delete your data by contacting us.
          </p>
          <p>
            We may suspend or end your access if you seriously or repeatedly breach these Terms, if your use creates a
            security or legal risk for us or others, or if a payment remains unpaid. Where reasonable, we will warn you
            first and give you a chance to put things right. We may also end a free or early access service with 30
            days&rsquo; notice.
          </p>
          <p>
            When your access ends, your right to use the Services ends too. Before your account is closed, you can
            download your project archives and export your data for 30 days, unless the law or a security risk
            prevents it. After that we delete your User Content as our <Link to="/privacy">Privacy Policy</Link>{' '}
            describes. Sections that by their nature should survive, including User Content, Intellectual Property,
            Disclaimers, Limitation of Liability, Indemnification, Governing Law and Dispute Resolution, survive the
            end of these Terms.
          </p>
        </>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing Law',
      body: (
        <>
          <p>
            These Terms, and any dispute arising out of or relating to them or the Services, are governed by the laws of
            the State of California and the federal laws of the United States, without regard to conflict-of-law rules.
            The United Nations Convention on Contracts for the International Sale of Goods does not apply.
          </p>
          <p>
            Subject to Dispute Resolution below, the state and federal courts located in San Francisco County,
            California have exclusive jurisdiction, and you and we consent to their jurisdiction and venue.
          </p>
          <p>
            If you are a consumer living in the European Union, the United Kingdom or another country whose law gives
            you mandatory protections, nothing in these Terms takes those protections away, and you may also bring
            proceedings in the courts of the country where you live.
          </p>
        </>
      ),
    },
    {
      id: 'dispute-resolution',
      title: 'Dispute Resolution',
      body: (
        <>
          <p>
            <strong>Talk to us first.</strong> Most disagreements can be settled quickly. Before starting any formal
            proceeding, send a written description of the dispute and the outcome you want to{' '}
            <a href={legalMail}>{CONTACT_EMAIL}</a>. We will both try in good faith to resolve it within 60 days.
          </p>
          <p>
            <strong>Arbitration.</strong> If we cannot resolve it, any dispute arising out of or relating to these Terms
            or the Services will be settled by binding individual arbitration administered by JAMS under its
            Streamlined Arbitration Rules, before a single arbitrator, in San Francisco, California or by video
            conference. Judgment on the award may be entered in any court with jurisdiction.
          </p>
          <ul>
            <li>
              Either party may instead bring an individual claim in small claims court, or ask a court for an injunction
              to protect intellectual property or confidential information.
            </li>
            <li>
              Claims may be brought only individually, not as a plaintiff or class member in any class, collective or
              representative proceeding.
            </li>
            <li>
              You may opt out of this arbitration agreement by e-mailing <a href={optOutMail}>{CONTACT_EMAIL}</a>{' '}
              within 30 days of first accepting these Terms. Opting out does not affect any other part of the Terms.
            </li>
          </ul>
          <p>
            This section does not apply to consumers in the European Union or the United Kingdom, who may use the
            courts and alternative dispute resolution bodies available to them under their local law.
          </p>
        </>
      ),
    },
    {
      id: 'general',
      title: 'General Provisions',
      body: (
        <>
          <p>The following provisions apply to these Terms as a whole.</p>
          <ul>
            <li>
              <strong>Entire agreement.</strong> These Terms, together with the Privacy Policy, the Data Processing
              Agreement and any order form, are the whole agreement between you and us about the Services.
            </li>
            <li>
              <strong>Assignment.</strong> You may not transfer your rights or obligations under these Terms without our
              written consent. We may transfer ours to an affiliate or to a successor in a merger, acquisition or sale of
              assets.
            </li>
            <li>
              <strong>Severability and waiver.</strong> If any provision is found unenforceable, the rest stays in effect
              and that provision is applied as far as it can be. Not enforcing a provision is not a waiver of it.
            </li>
            <li>
              <strong>Force majeure.</strong> Neither of us is liable for a delay or failure caused by events beyond
              reasonable control, such as natural disasters, war, failures of public networks or power, or acts of
              government.
            </li>
            <li>
              <strong>Export and sanctions.</strong> You may not use the Services in breach of US or other applicable
              export control and sanctions laws.
            </li>
            <li>
              <strong>Notices.</strong> We send notices to the e-mail address of your account or waitlist entry, or
              through the Services. You send notices to the address in Contact Us below.
            </li>
            <li>
              <strong>Relationship.</strong> You and we are independent contractors; these Terms create no partnership,
              employment or agency relationship, and no rights for third parties.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <>
          <p>If you have questions about these Terms, or need to send us a notice, please write to:</p>
          <CompanyAddress subject="Terms of Service" />
          <p>
            For general questions, sales or support, you can also use our <Link to="/contact">contact form</Link>.
          </p>
        </>
      ),
    },
  ],
}
