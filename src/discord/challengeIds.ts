/**
 * The weekly challenge's Share button: `ch:share:<week start, Unix ms>`. User input like every custom
 * id: parsed strictly; whose line is shared comes from the interaction's user, never from the id.
 */
export function encodeShareId(weekStart: number): string {
  return `ch:share:${weekStart}`;
}

export function parseShareId(raw: string): { weekStart: number } | null {
  const match = /^ch:share:(\d{1,15})$/.exec(raw);
  return match ? { weekStart: Number(match[1]) } : null;
}
