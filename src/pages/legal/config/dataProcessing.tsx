import { Link } from 'react-router-dom'
import { BRAND_NAME, CONTACT_EMAIL, PRODUCT_NAME } from '@/shared/config'
import type { LegalDocumentData } from '../model/types'
import { CompanyAddress } from '../ui/CompanyAddress'

const dpaMail = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Data Processing Agreement')}`

export const DATA_PROCESSING_AGREEMENT: LegalDocumentData = {
  title: 'Data Processing Agreement',
  description: `The terms under which ${BRAND_NAME} processes personal data on behalf of customers who use ${PRODUCT_NAME} and our applications, in line with the GDPR and US state privacy laws.`,
  lead: `How ${BRAND_NAME} processes personal data on behalf of customers who use ${PRODUCT_NAME} and our applications: our obligations as processor, yours as controller, and the safeguards we apply.`,
  contactPrompt: 'Need a signed copy, or have questions about this agreement?',
  related: [
    { to: '/privacy', label: 'Privacy Policy', description: 'How we handle personal information as a controller.' },
    { to: '/terms', label: 'Terms of Service', description: 'The agreement this Data Processing Agreement forms part of.' },
    { to: '/cookies', label: 'Cookie Policy', description: 'Every cookie and storage entry we use, with its purpose and lifetime.' },
  ],
  sections: [
    {
      id: 'introduction',
      title: 'Introduction',
      body: (
        <>
          <p>
            This Data Processing Agreement (&ldquo;DPA&rdquo;) forms part of the <Link to="/terms">Terms of Service</Link>{' '}
            or other written agreement (the &ldquo;Agreement&rdquo;) between {BRAND_NAME} and the customer that uses our
            Services (&ldquo;Customer&rdquo; or &ldquo;you&rdquo;). It applies whenever we process personal data on your
            behalf while providing the Services.
          </p>
          <p>
            That happens, for example, when your requirements, documents, source code or repositories contain personal
            data, when you analyse customer reviews in Reviews Compass, or when you give our research tools material
            about people. In those cases you decide why and how the personal data is processed, and we process it only to
            provide the Services to you.
          </p>
          <p>
            This DPA does not cover personal data that we process as a controller for our own purposes, such as
            waitlist, newsletter and account details; our <Link to="/privacy">Privacy Policy</Link> covers those. If
            this DPA and the Agreement conflict on the protection of personal data, this DPA prevails.
          </p>
        </>
      ),
    },
    {
      id: 'definitions',
      title: 'Definitions',
      body: (
        <>
          <p>
            Terms used but not defined here have the meaning given in the Agreement. In this DPA:
          </p>
          <dl>
            <dt>Data Protection Laws</dt>
            <dd>
              all laws on the processing of personal data that apply to a party&rsquo;s processing under the Agreement,
              including the EU General Data Protection Regulation 2016/679 (&ldquo;GDPR&rdquo;), the UK GDPR and Data
              Protection Act 2018, the Swiss Federal Act on Data Protection, and the California Consumer Privacy Act as
              amended (&ldquo;CCPA&rdquo;).
            </dd>
            <dt>Customer Personal Data</dt>
            <dd>personal data that we process on your behalf in providing the Services.</dd>
            <dt>Controller, Processor, Data Subject, Personal Data, Processing, Supervisory Authority</dt>
            <dd>
              have the meanings given in the GDPR; under the CCPA, &ldquo;controller&rdquo; includes a
              &ldquo;business&rdquo; and &ldquo;processor&rdquo; includes a &ldquo;service provider&rdquo;.
            </dd>
            <dt>Personal Data Breach</dt>
            <dd>
              a breach of security leading to the accidental or unlawful destruction, loss, alteration, unauthorised
              disclosure of, or access to, Customer Personal Data.
            </dd>
            <dt>Subprocessor</dt>
            <dd>any third party we engage to process Customer Personal Data.</dd>
            <dt>Standard Contractual Clauses</dt>
            <dd>
              the clauses approved by the European Commission in Implementing Decision (EU) 2021/914, with the UK
              International Data Transfer Addendum where UK data is concerned.
            </dd>
          </dl>
        </>
      ),
    },
    {
      id: 'processor-obligations',
      title: 'Processor Obligations',
      body: (
        <>
          <p>As your processor, {BRAND_NAME} will:</p>
          <ul>
            <li>
              process Customer Personal Data only on your documented instructions, which are the Agreement, this DPA
              and your use and configuration of the Services, unless the law requires otherwise, in which case we will
              tell you first unless the law forbids it;
            </li>
            <li>tell you promptly if we believe an instruction breaks Data Protection Laws;</li>
            <li>
              not sell or share Customer Personal Data, not use it to train AI models, and not combine it with personal
              data from other sources, except as needed to provide the Services;
            </li>
            <li>
              ensure that everyone authorised to process Customer Personal Data is bound by confidentiality and sees
              only what their role requires;
            </li>
            <li>
              help you, taking into account the nature of the processing, to answer requests from Data Subjects
              exercising their rights, and pass on to you any such request we receive directly;
            </li>
            <li>
              give you the information you reasonably need for data protection impact assessments and consultations
              with Supervisory Authorities;
            </li>
            <li>keep a record of the processing activities we carry out on your behalf.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'controller-obligations',
      title: 'Controller Obligations',
      body: (
        <>
          <p>As the controller, you:</p>
          <ul>
            <li>
              are responsible for having a lawful basis for the processing, and for giving Data Subjects the notices and
              obtaining the consents that Data Protection Laws require;
            </li>
            <li>
              make sure your instructions comply with Data Protection Laws and that following them does not put us in
              breach of them;
            </li>
            <li>
              give us only the personal data needed for the purpose, and do not submit special categories of personal
              data, such as health data, or data about children, unless the Agreement expressly allows it;
            </li>
            <li>
              decide who in your organisation gets access to the Services and with which permissions, and keep your
              users&rsquo; credentials secure;
            </li>
            <li>review the security measures below and confirm that they are appropriate for your data.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'security-measures',
      title: 'Security Measures',
      body: (
        <>
          <p>
            We maintain technical and organisational measures that protect Customer Personal Data against the risks of
            the processing. They include:
          </p>
          <ul>
            <li>
              <strong>Encryption:</strong> TLS for data in transit; encryption at rest for databases, stored archives
              and backups.
            </li>
            <li>
              <strong>Access control:</strong> permission-based access on the principle of least privilege; passwords
              stored as salted scrypt hashes; session tokens stored only as hashes and expiring after 12 hours, or 30
              days when the user chooses to be remembered; rate-limited sign-in.
            </li>
            <li>
              <strong>Isolation:</strong> each customer&rsquo;s data is logically separated; generated code is built and
              tested in sandboxed environments without access to other customers&rsquo; data.
            </li>
            <li>
              <strong>Human oversight:</strong> approval gates at the planning, development and deployment stages, so
              that significant changes wait for an explicit decision, recorded with who made it and when.
            </li>
            <li>
              <strong>Monitoring and logging:</strong> agent and server logs for auditing and incident investigation,
              with credentials and cookies removed before entries are written.
            </li>
            <li>
              <strong>Resilience:</strong> regular backups, tested restores, and documented incident response.
            </li>
            <li>
              <strong>People:</strong> confidentiality agreements and security training for everyone with access.
            </li>
          </ul>
          <p>
            We review these measures regularly and may update them, provided the overall level of protection does not
            decrease.
          </p>
        </>
      ),
    },
    {
      id: 'data-breach',
      title: 'Data Breach Notification',
      body: (
        <>
          <p>
            If we become aware of a Personal Data Breach, we will notify you without undue delay, and in any event
            within 48 hours. Our notice will describe, as far as we then know:
          </p>
          <ul>
            <li>the nature of the breach, the categories and approximate number of Data Subjects and records concerned;</li>
            <li>its likely consequences;</li>
            <li>the measures we have taken or propose to take to address it and reduce its effects;</li>
            <li>a contact who can give you more information.</li>
          </ul>
          <p>
            Where we cannot give all the information at once, we will give it in phases as it becomes available. We will
            work with you and give you reasonable help so that you can meet your own obligations to notify Supervisory
            Authorities and Data Subjects. Notifying you of a breach is not an admission of fault or liability.
          </p>
        </>
      ),
    },
    {
      id: 'data-transfer',
      title: 'International Data Transfers',
      body: (
        <>
          <p>
            We process Customer Personal Data in the United States. Where Data Protection Laws restrict transfers of
            personal data from the European Economic Area, the United Kingdom or Switzerland to a country without an
            adequacy decision, the Standard Contractual Clauses apply to the transfer and are incorporated into this DPA
            by reference: Module Two (controller to processor), or Module Three (processor to processor) where you are
            yourself a processor.
          </p>
          <p>
            For the purposes of those clauses, the optional docking clause applies; the parties choose the option of
            general written authorisation for subprocessors with the notice period set out below; and Clauses 17 and 18
            are governed by the law, and subject to the courts, of Ireland. For transfers from the United Kingdom, the UK
            International Data Transfer Addendum applies; for transfers from Switzerland, references to the GDPR are
            read as references to the Swiss Federal Act on Data Protection.
          </p>
          <p>
            We require our subprocessors to apply equivalent safeguards to any onward transfer. If a transfer mechanism
            we rely on is invalidated, we will work with you in good faith on an alternative.
          </p>
        </>
      ),
    },
    {
      id: 'subprocessors',
      title: 'Subprocessors',
      body: (
        <>
          <p>
            You give us general authorisation to engage subprocessors, for example providers of hosting, databases, and
            e-mail delivery, and, where you choose a model hosted by an external provider, that AI model provider. We
            will:
          </p>
          <ul>
            <li>
              engage a subprocessor only under a written contract that imposes data protection obligations no less
              protective than this DPA;
            </li>
            <li>
              keep a current list of our subprocessors, with their location and function, and send it to you on
              request;
            </li>
            <li>
              tell you at least 30 days before we add or replace a subprocessor, so that you can object on reasonable
              data protection grounds;
            </li>
            <li>remain responsible to you for the performance of our subprocessors&rsquo; obligations.</li>
          </ul>
          <p>
            If you object to a new subprocessor, we will try in good faith to offer a way of using the Services without
            it. If we cannot, you may terminate the affected part of the Services and receive a pro-rated refund of fees
            paid in advance for it.
          </p>
        </>
      ),
    },
    {
      id: 'audit',
      title: 'Audits',
      body: (
        <>
          <p>
            We will make available to you the information reasonably necessary to show that we meet our obligations
            under this DPA, including written answers to your security questionnaires and summaries of independent
            security assessments of the Services when we have them.
          </p>
          <p>
            Where that information is not enough to demonstrate compliance, or where a Supervisory Authority requires it,
            you may audit our processing of Customer Personal Data, yourself or through an independent auditor bound by
            confidentiality, subject to these conditions:
          </p>
          <ul>
            <li>you give at least 30 days&rsquo; written notice and agree the scope, timing and duration with us;</li>
            <li>audits take place no more than once in any 12 months, unless a Personal Data Breach has occurred;</li>
            <li>
              audits take place during business hours, do not unreasonably disrupt our operations, and do not give
              access to other customers&rsquo; data;
            </li>
            <li>you bear the costs of the audit, and share its findings with us.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'deletion',
      title: 'Return and Deletion of Data',
      body: (
        <>
          <p>
            During the term of the Agreement you can export and delete Customer Personal Data through the Services,
            including your conversations and project archives, or ask us to do it for you.
          </p>
          <p>
            When the Agreement ends, you have 30 days to download your data. After that we delete Customer Personal Data
            from our active systems within 30 days, and it is removed from backups as they are overwritten, within a
            further 35 days. On request, we will confirm the deletion in writing.
          </p>
          <p>
            We may keep Customer Personal Data for longer only where the law requires it. In that case we keep it
            confidential, protect it as this DPA requires, and process it only for the purpose the law requires.
          </p>
        </>
      ),
    },
    {
      id: 'term',
      title: 'Term and Termination',
      body: (
        <>
          <p>
            This DPA takes effect when you accept the Agreement and continues for as long as we process Customer
            Personal Data on your behalf, even after the Agreement itself has ended, until the data has been returned or
            deleted as described above.
          </p>
          <p>
            Obligations that by their nature should last beyond that, such as confidentiality, survive. Either party may
            propose changes to this DPA where a change in Data Protection Laws requires it; the parties will negotiate
            such changes in good faith.
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
            This DPA is governed by the law that governs the Agreement, which under the Terms of Service is the law of
            the State of California, and disputes under it are resolved in the same way as disputes under the
            Agreement.
          </p>
          <p>
            Where the Standard Contractual Clauses apply, they are governed by the law and subject to the courts they
            specify, as set out in International Data Transfers above. Nothing in this DPA limits the rights of Data
            Subjects or the powers of Supervisory Authorities under Data Protection Laws.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <>
          <p>
            For questions about this DPA, to receive a countersigned copy, to request our list of subprocessors or to
            report a suspected breach, contact us at <a href={dpaMail}>{CONTACT_EMAIL}</a> or write to:
          </p>
          <CompanyAddress subject="Data Processing Agreement" />
          <p>
            You can also reach our team through the <Link to="/contact">contact form</Link>.
          </p>
        </>
      ),
    },
  ],
}
