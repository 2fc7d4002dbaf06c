/** What the door says about input it will not pass on: stale commands, menus and forms, bad options. */

export const STALE_COMMAND = 'This command is out of date; ask an admin to run `npm run deploy-commands`.';

/** A component whose custom id is not one of ours at all: from an older version of the bot. */
export function staleComponent(what: 'button' | 'menu'): string {
  return `This ${what} is out of date: it comes from an older version of the bot. Use /hand or /table status for fresh ones.`;
}

export const STALE_FORM = 'This form is out of date: the bot no longer uses it, so nothing was changed.';

/** An option the command has but with a value it cannot take: which option, and what it takes. */
export function badOption(command: string, detail: string): string {
  return `${command}: ${detail} Nothing was changed.`;
}
