/** Browser storage keys named by the spec. */
export const AUTH_TOKEN_KEY = 'auth_token'
export const SELECTED_MODEL_KEY = 'overseer_selected_model'
export const CANVAS_STORAGE_KEY = 'architecture-canvas'
