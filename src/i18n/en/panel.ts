/** English texts: panel. */
export const panel = {} as const;
