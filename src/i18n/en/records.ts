/** English texts: records. */
export const records = {} as const;
