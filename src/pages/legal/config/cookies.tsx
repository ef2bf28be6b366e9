import { Link } from 'react-router-dom'
import { AUTH_TOKEN_KEY, BRAND_NAME, CANVAS_STORAGE_KEY, PRODUCT_NAME, SELECTED_MODEL_KEY } from '@/shared/config'
import type { LegalDocumentData, StoredItem } from '../model/types'
import { CompanyAddress } from '../ui/CompanyAddress'
import { StorageTable } from '../ui/StorageTable'

/** The session cookie's name, as the server sets it (server/src/auth/http.ts). */
export const SESSION_COOKIE = 'overseer_session'
/** The assistant's anonymous-visitor cookie (decision D7; server/src/chat/owner.ts). */
export const VISITOR_COOKIE = 'overseer_visitor'
/** Where react-router's scroll restoration keeps positions (its default key). */
const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions'

/** Everything the product stores in a browser, in the order of the table. */
export const STORED_ITEMS: readonly StoredItem[] = [
  {
    name: SESSION_COOKIE,
    secureName: `__Host-${SESSION_COOKIE}`,
    purpose:
      'Keeps a staff member signed in to the Architect Suite. It holds a random session token, of which our server keeps only a hash. It is HttpOnly, so no script can read it, and SameSite=Lax, so other sites cannot use it to act on your behalf.',
    type: 'First-party cookie, strictly necessary',
    lifetime:
      'Until you close your browser, or 30 days if you choose “Remember me”. Deleted when you sign out.',
  },
  {
    name: VISITOR_COOKIE,
    secureName: `__Host-${VISITOR_COOKIE}`,
    purpose: `Lets the ${PRODUCT_NAME} assistant recognise your browser when you are not signed in, so that you see only your own conversations, history and downloads. It holds a random identifier that is not linked to your name or e-mail address; our server keeps only a hash of it. HttpOnly, SameSite=Lax.`,
    type: 'First-party cookie, strictly necessary',
    lifetime:
      'Set when you first use the assistant; lasts 400 days (the longest browsers allow) and is renewed when you use the assistant again.',
  },
  {
    name: AUTH_TOKEN_KEY,
    purpose:
      'The staff sign-in token, so that the Architect Suite can confirm your session with our server when you come back. Only the Architect Suite and the assistant send it, to our own server.',
    type: 'Local storage, strictly necessary',
    lifetime:
      'Until you sign out, or until the server no longer accepts it (at most 30 days), when the site removes it.',
  },
  {
    name: SELECTED_MODEL_KEY,
    purpose: 'The assistant model you chose last, so that the chat opens with it on your next visit.',
    type: 'Local storage, preference',
    lifetime: 'Until you choose another model or clear this site’s data.',
  },
  {
    name: CANVAS_STORAGE_KEY,
    purpose:
      'A staff member’s drawing on the Architecture Canvas (its nodes and connections, with a time): in local storage the canvas as last saved, which opens on the next visit; in session storage the canvas being worked on in that tab, saved or not, so that a reload finds it as it was.',
    type: 'Local storage and session storage, preference',
    lifetime: 'The saved canvas: until you clear it or this site’s data. The canvas being worked on: until you close the browser tab.',
  },
  {
    name: SCROLL_POSITIONS_KEY,
    purpose: 'How far you had scrolled on the pages you visited, so that the Back button returns you to the same place.',
    type: 'Session storage, preference',
    lifetime: 'Until you close the browser tab.',
  },
]

export const COOKIE_POLICY: LegalDocumentData = {
  title: 'Cookie Policy',
  description: `The cookies and browser storage the ${BRAND_NAME} website and ${PRODUCT_NAME} use, what each one is for and how long it lasts. No advertising or third-party tracking.`,
  lead: `Exactly what our website and applications store in your browser, why, and for how long. We use no advertising cookies and no third-party tracking.`,
  contactPrompt: 'Questions about cookies or your data?',
  related: [
    { to: '/privacy', label: 'Privacy Policy', description: 'What personal information we collect, why, and your rights over it.' },
    { to: '/terms', label: 'Terms of Service', description: 'The rules for using our website, assistant and applications.' },
    {
      to: '/data-processing',
      label: 'Data Processing Agreement',
      description: 'How we process personal data on behalf of customers who use our applications.',
    },
  ],
  sections: [
    {
      id: 'introduction',
      title: 'Introduction',
      body: (
        <>
          <p>
            This Cookie Policy explains which cookies and similar technologies {BRAND_NAME} uses on its website, in the{' '}
            {PRODUCT_NAME} assistant and in the Architect Suite, what each one does, and how you can control them. It
            complements our <Link to="/privacy">Privacy Policy</Link>, which describes how we handle personal
            information in general.
          </p>
          <p>
            The short version: we store only what the features you use need in order to work. We do not use cookies to
            advertise to you, to measure you with analytics, or to follow you across other websites, and we do not let
            anyone else do so on our site.
          </p>
        </>
      ),
    },
    {
      id: 'what-are-cookies',
      title: 'Cookies and Browser Storage',
      body: (
        <>
          <p>
            A <strong>cookie</strong> is a small piece of text that a website asks your browser to keep and send back
            with later requests to that site. Cookies set by the site you are visiting are first-party cookies; cookies
            set by other domains, such as advertising networks, are third-party cookies. A cookie marked HttpOnly can
            only be read by the server, never by scripts running in the page.
          </p>
          <p>
            <strong>Local storage</strong> and <strong>session storage</strong> let a website keep data in your browser
            without sending it with every request. Local storage lasts until it is removed; session storage lasts until
            you close the browser tab. Laws such as the EU ePrivacy Directive treat these technologies like cookies, so
            this policy covers them too.
          </p>
        </>
      ),
    },
    {
      id: 'what-we-store',
      title: 'What We Store',
      body: (
        <>
          <p>
            This is the complete list of cookies and storage entries our site sets. All of them are first-party: they
            are set by and sent only to our own site.
          </p>
          <StorageTable caption="Cookies and browser storage used by our site" items={STORED_ITEMS} />
          <p>
            Over an encrypted connection (HTTPS), our cookies carry the <code>__Host-</code> prefix, which tells your
            browser to accept them only when they are Secure, limited to our own host and valid for the whole site. The
            session cookie, the visitor cookie and the <code>{AUTH_TOKEN_KEY}</code> entry appear only if you sign in
            or use the assistant. Most visitors who just read our pages get no cookies at all.
          </p>
        </>
      ),
    },
    {
      id: 'why-no-banner',
      title: 'Why We Do Not Ask for Consent',
      body: (
        <>
          <p>
            Privacy laws require consent before a website stores information in your browser, except where that storage
            is strictly necessary to provide a service you have explicitly asked for. Everything in the table above falls
            under that exception:
          </p>
          <ul>
            <li>the session cookie and sign-in token exist only because you signed in;</li>
            <li>the visitor cookie exists only because you started a conversation with the assistant;</li>
            <li>
              the model choice, the canvas and the scroll positions only remember something you did yourself, for your
              own use, and never leave your browser.
            </li>
          </ul>
          <p>
            That is why our site has no cookie banner. If we ever wanted to use a cookie that needs your consent, we
            would ask for it first and update this policy before doing so.
          </p>
        </>
      ),
    },
    {
      id: 'what-we-do-not-use',
      title: 'What We Do Not Use',
      body: (
        <>
          <p>Our site contains none of the following:</p>
          <ul>
            <li>advertising or remarketing cookies;</li>
            <li>analytics or audience-measurement tools, whether our own or a third party&rsquo;s;</li>
            <li>tracking pixels, web beacons or device fingerprinting;</li>
            <li>
              embedded social media widgets: the links to our social profiles are plain links, and nothing is sent to
              those networks unless you follow one;
            </li>
            <li>third-party scripts or fonts that could set cookies of their own.</li>
          </ul>
          <p>
            We never sell information about your visits, and we honour Global Privacy Control and Do Not Track signals
            by default, since we do not track you in the first place.
          </p>
        </>
      ),
    },
    {
      id: 'managing-cookies',
      title: 'Managing Cookies and Storage',
      body: (
        <>
          <p>
            You can see and delete cookies and site data in your browser&rsquo;s settings, usually under Privacy or Site
            settings, or for our site alone through the padlock or site-information icon in the address bar. You can
            also block cookies for our site entirely.
          </p>
          <p>Removing or blocking our storage has these effects:</p>
          <ul>
            <li>without the session cookie and sign-in token, staff members are signed out and cannot stay signed in;</li>
            <li>
              without the visitor cookie, the assistant cannot show you the conversations you had before, and a new
              conversation starts each time;
            </li>
            <li>
              without local storage, the assistant forgets your model choice and the Architecture Canvas cannot keep
              unsaved drawings between visits.
            </li>
          </ul>
          <p>Everything else on our site, including all public pages, works without any cookies.</p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      body: (
        <p>
          We will update this policy whenever we add, change or remove a cookie or storage entry, and change the date at
          the top of this page. If a change means that we would need your consent, we will ask for it before the new
          cookie is set.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <>
          <p>If you have questions about this policy or how we use cookies, contact us at:</p>
          <CompanyAddress subject="Cookie Policy" />
          <p>
            You can also reach us through our <Link to="/contact">contact form</Link>.
          </p>
        </>
      ),
    },
  ],
}
