export { HomePage, CORE_MODULES_SKELETON_MS } from './ui/HomePage'
