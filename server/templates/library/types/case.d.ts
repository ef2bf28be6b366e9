export declare function camelCase(text: string): string
export declare function pascalCase(text: string): string
export declare function kebabCase(text: string): string
export declare function snakeCase(text: string): string
export declare function constantCase(text: string): string
export declare function titleCase(text: string): string
export declare function wordsOf(text: string): string[]
