export { AppsPage, APPS_SKELETON_MS } from './ui/AppsPage'
