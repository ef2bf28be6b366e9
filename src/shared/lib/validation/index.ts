// The lead forms' rules and the text rule are the API's, shared with the server through contracts/.
export * from '@contracts/leads'
export { TEXT_MESSAGES, isStorableText } from '@contracts/text'
export { storableString } from './storableString'
