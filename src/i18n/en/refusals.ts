/** English texts: refusals. */
export const refusals = {} as const;
