/** English texts: table. */
export const table = {} as const;
