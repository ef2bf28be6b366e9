import { Navigate, type RouteObject } from 'react-router-dom'
import { siteMode, type SiteMode } from '@/shared/config'
import type { SubPageHandle } from '@/shared/lib/sub-page'
import type { AppAreaId } from '@/pages/app-area'
import { SiteLayout } from '@/widgets/site-layout'
import { RouteError } from './RouteError'
import type { PageHandle } from './prepare'

const guards = () => import(/* webpackChunkName: "auth" */ './guards')

/**
 * An app area's tabs as child routes: the overview, one route per tab and the area's own "not
 * found". Each names its sub-page in its handle; the area's frame renders it (no element of its own).
 */
const subPages = (paths: readonly string[]): RouteObject[] => {
  const subPage = (name: string) => ({ element: null, handle: { subPage: name } satisfies SubPageHandle })
  return [{ index: true, ...subPage('overview') }, ...paths.map((path) => ({ path, ...subPage(path) })), { path: '*', ...subPage('not-found') }]
}

/** Every docs address shows its page's content in the prerendered HTML, and loads it before hydrating. */
const docsHandle = {
  preload: async (params) => (await import('@/pages/docs')).preloadDocs(params),
} satisfies PageHandle

/** An app area built from the app-area template over its content (content/apps/<id>.md). */
const appAreaRoute = (id: AppAreaId): RouteObject => ({
  path: `apps/${id}`,
  lazy: async () => {
    const { AppAreaLayout, loadAppArea } = await import('@/pages/app-area')
    const area = await loadAppArea(id)
    return { element: <AppAreaLayout area={area} /> }
  },
  children: subPages(['features', 'pricing', 'integrations', 'docs']),
})

/** The public site's pages, each loaded on demand: new objects each time, as preparing a page resolves its routes in place. */
const publicPages = (): RouteObject[] => [
  { index: true, lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-home" */ '@/pages/home')).HomePage }) },
  { path: 'about', lazy: async () => ({ Component: (await import('@/pages/about')).AboutPage }) },
  { path: '404', lazy: async () => ({ Component: (await import('@/pages/not-found')).NotFoundPage }) },
  { path: 'contact', lazy: async () => ({ Component: (await import('@/pages/contact')).ContactPage }) },
  { path: 'waitlist', lazy: async () => ({ Component: (await import('@/pages/waitlist')).WaitlistPage }) },
  { path: 'architecture', lazy: async () => ({ Component: (await import('@/pages/architecture')).ArchitecturePage }) },
  {
    path: 'architecture/:module',
    lazy: async () => ({ Component: (await import('@/pages/architecture-module')).ArchitectureModulePage }),
  },
  { path: 'privacy', lazy: async () => ({ Component: await (await import('@/pages/legal')).loadPrivacyPage() }) },
  { path: 'terms', lazy: async () => ({ Component: await (await import('@/pages/legal')).loadTermsPage() }) },
  { path: 'data-processing', lazy: async () => ({ Component: await (await import('@/pages/legal')).loadDataProcessingPage() }) },
  { path: 'cookies', lazy: async () => ({ Component: await (await import('@/pages/legal')).loadCookiesPage() }) },
  { path: 'careers', lazy: async () => ({ Component: (await import('@/pages/careers')).CareersPage }) },
  {
    path: 'careers/:jobId',
    lazy: async () => ({ Component: (await import('@/pages/careers')).CareersPage }),
  },
  { path: 'docs', handle: docsHandle, lazy: async () => ({ Component: (await import('@/pages/docs')).DocsPage }) },
  { path: 'docs/:section', handle: docsHandle, lazy: async () => ({ Component: (await import('@/pages/docs')).DocsPage }) },
  { path: 'docs/:section/:topic', handle: docsHandle, lazy: async () => ({ Component: (await import('@/pages/docs')).DocsPage }) },
  { path: 'apps', lazy: async () => ({ Component: (await import('@/pages/apps')).AppsPage }) },
  appAreaRoute('intelligence-platform'),
  {
    path: 'apps/Reviews_Compass',
    lazy: async () => ({ Component: (await import('@/pages/reviews-compass')).ReviewsCompassPage }),
    children: subPages(['features', 'use-cases', 'sentiment', 'themes', 'benchmarking', 'docs', 'trial']),
  },
  appAreaRoute('research-tools'),
  { path: 'apps/data-visualization', lazy: async () => ({ Component: (await import('@/pages/data-visualization')).DataVisualizationPage }) },
  {
    path: 'apps/:module',
    lazy: async () => ({ Component: (await import('@/pages/app-module')).AppModulePage }),
  },
  { path: 'blog', lazy: async () => ({ Component: (await import('@/pages/blog')).BlogPage }) },
  {
    path: 'blog/:postId',
    lazy: async () => ({ Component: (await import('@/pages/blog')).BlogPage }),
  },
  { path: 'case-studies', lazy: async () => ({ Component: (await import('@/pages/case-studies')).CaseStudiesPage }) },
  { path: 'press', lazy: async () => ({ Component: (await import('@/pages/press')).PressPage }) },
  {
    path: 'assistant',
    lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-assistant" */ '@/pages/assistant')).AssistantPage }),
    // A conversation's own address: the same page stays mounted between conversations.
    children: [
      { index: true, element: null },
      { path: 'c/:conversationId', element: null, handle: { prerender: false } satisfies PageHandle },
    ],
  },
  {
    path: 'share/:token',
    // A private link: rendered in the browser, never prerendered.
    handle: { prerender: false } satisfies PageHandle,
    lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-shared-conversation" */ '@/pages/shared-conversation')).SharedConversationPage }),
  },
  { path: '*', element: <Navigate to="/404" replace /> },
]

/**
 * Every route of the spec, and a real page for every internal link; each page's code loads on
 * demand. The sign-in pages and the Architect Suite check the session; in pre-launch mode the
 * public pages do too.
 */
export const createRoutes = (mode: SiteMode = siteMode()): RouteObject[] => [
  {
    errorElement: <RouteError />,
    // The first page's code loads behind the start-up spinner of index.html.
    HydrateFallback: () => null,
    children: [
      {
        lazy: async () => ({ Component: (await guards()).AuthScope }),
        children: [
          { path: '/login', lazy: async () => ({ Component: (await import('@/pages/login')).LoginPage }) },
          { path: '/forgot-password', lazy: async () => ({ Component: (await import('@/pages/forgot-password')).ForgotPasswordPage }) },
          { path: '/unauthorized', lazy: async () => ({ Component: (await import('@/pages/unauthorized')).UnauthorizedPage }) },
          {
            path: '/architect',
            // Staff pages: rendered in the browser from the app shell, never prerendered.
            handle: { prerender: false } satisfies PageHandle,
            lazy: async () => {
              const { RequireAuth } = await guards()
              return { element: <RequireAuth permission="architect.access" /> }
            },
            children: [
              {
                lazy: async () => ({ Component: (await import('@/widgets/architect-layout')).ArchitectLayout }),
                children: [
                  { index: true, lazy: async () => ({ Component: (await import('@/pages/architect-dashboard')).ArchitectDashboardPage }) },
                  { path: 'overseer', lazy: async () => ({ Component: (await import('@/pages/architect-overseer')).ArchitectOverseerPage }) },
                  { path: 'builds', lazy: async () => ({ Component: (await import('@/pages/architect-builds')).ArchitectBuildsPage }) },
                  {
                    path: 'builds/:sessionId',
                    lazy: async () => ({ Component: (await import('@/pages/architect-build-trace')).ArchitectBuildTracePage }),
                  },
                  { path: 'testing', lazy: async () => ({ Component: (await import('@/pages/architect-testing')).ArchitectTestingPage }) },
                  { path: 'logs', lazy: async () => ({ Component: (await import('@/pages/architect-logs')).ArchitectLogsPage }) },
                  { path: 'approvals', lazy: async () => ({ Component: (await import('@/pages/architect-approvals')).ArchitectApprovalsPage }) },
                  { path: 'leads', lazy: async () => ({ Component: (await import('@/pages/architect-leads')).ArchitectLeadsPage }) },
                  { path: 'questions', lazy: async () => ({ Component: (await import('@/pages/architect-questions')).ArchitectQuestionsPage }) },
                ],
              },
            ],
          },
        ],
      },
      {
        element: <SiteLayout />,
        children:
          mode === 'prelaunch'
            ? [{ lazy: async () => ({ Component: (await guards()).PrelaunchScope }), children: publicPages() }]
            : publicPages(),
      },
    ],
  },
]

export const routes = createRoutes()
