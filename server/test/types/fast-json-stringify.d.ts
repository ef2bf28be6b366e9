/** fast-json-stringify's internal validator, which its serializers ask for a union's branch validators (tests spy on it). */
declare module 'fast-json-stringify/lib/validator' {
  export default class Validator {
    getSchemaValidator(schemaRef: string): (data: unknown) => boolean
  }
}
