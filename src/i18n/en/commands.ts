/** English texts: commands. */
export const commands = {} as const;
