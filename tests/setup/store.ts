/** The app's real store, for tests of lower layers (which may not import `app` themselves). */
export { setupStore } from '@/app/store'
