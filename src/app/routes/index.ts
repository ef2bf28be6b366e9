export { routes, createRoutes } from './routes'
