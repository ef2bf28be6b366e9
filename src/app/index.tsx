import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { RouterProvider, createBrowserRouter } from 'react-router-dom'
import { PageHeadContext } from '@/shared/lib/seo'
import { AppReady } from './ready'
import { createRoutes, preparePage } from './routes'
import { setupPersistor, setupStore } from './store'
import { dismissSplash } from './splash'
import './styles/global.scss'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

/**
 * A public page arrives prerendered: its HTML is in #root, rendered for the address in
 * `data-path`. The server answers an unknown address with the 404 page, rendered for /404: the
 * app moves there (replacing the history entry, as the spec's catch-all does) before it
 * hydrates. Staff and private pages arrive as the empty app shell and render here.
 */
const start = async () => {
  const prerenderedPath = container.dataset.path
  if (prerenderedPath !== undefined && prerenderedPath !== window.location.pathname.replace(/(.)\/+$/, '$1')) {
    window.history.replaceState(window.history.state, '', prerenderedPath === '/404' ? '/404' : `${prerenderedPath}${window.location.search}${window.location.hash}`)
  }

  const store = setupStore()
  // The first render matches the prerendered HTML, made from a new store: the persisted slices
  // (the chosen model) arrive after it.
  const serverState = store.getState()
  const routes = createRoutes()
  if (prerenderedPath !== undefined) await preparePage(routes, window.location.pathname)
  // The prerendered HTML was made for the bare address: a page whose address has a query
  // (?subject=careers) or a #section (/privacy#cookies) is rendered afresh over it, behind the
  // start-up spinner, as what it shows depends on them.
  const hydrate = prerenderedPath !== undefined && window.location.search === '' && window.location.hash === ''
  const router = createBrowserRouter(routes, { basename: '/' })
  const app = (
    <StrictMode>
      <PageHeadContext.Provider value={null}>
        <Provider store={store} serverState={serverState}>
          <AppReady>
            <RouterProvider router={router} />
          </AppReady>
        </Provider>
      </PageHeadContext.Provider>
    </StrictMode>
  )
  // A transition lets React yield while it renders the first page, keeping the main thread responsive.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app)
    else createRoot(container).render(app)
  })
  setupPersistor(store)
}

void start()
void dismissSplash()
