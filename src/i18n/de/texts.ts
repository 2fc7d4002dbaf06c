/** A German namespace: every key of its English namespace, each a string. */
export type Texts<T> = { readonly [K in keyof T]: string };
