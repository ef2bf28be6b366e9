import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { RouterProvider, createBrowserRouter } from 'react-router-dom'
import { routes } from './routes'
import { setupPersistor, setupStore } from './store'
import { dismissSplash } from './splash'
import './styles/global.scss'

const store = setupStore()
setupPersistor(store)
const router = createBrowserRouter(routes, { basename: '/' })

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

// A transition lets React yield while it renders the first page, keeping the main thread responsive.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  )
})

void dismissSplash()
