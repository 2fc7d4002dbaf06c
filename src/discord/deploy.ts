/**
 * Deploying: the slash commands, to one server while developing (instant) or globally; and the card
 * pictures as the application's emoji (see cardEmoji.ts).
 */
import { REST, Routes } from 'discord.js';
import { COMMANDS } from '../../commands/index.js';
import { type EmojiSync, syncCardEmoji } from './cardEmoji.js';
import type { CardImage } from './cardImages.js';
import type { CardEmoji } from './ui.js';

function restFor(token: string, restApi?: string): REST {
  return new REST(restApi ? { api: restApi } : {}).setToken(token);
}

/** Runs `work` with a REST client, then stops its timers (a deploy script must be free to exit). */
async function withRest<T>(token: string, restApi: string | undefined, work: (rest: REST) => Promise<T>) {
  const rest = restFor(token, restApi);
  try {
    return await work(rest);
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
}

export async function registerCommands(
  token: string,
  applicationId: string,
  guildId?: string,
  restApi?: string,
): Promise<number> {
  return withRest(token, restApi, async (rest) => {
    const body = COMMANDS.map((command) => command.data.toJSON());
    const route = guildId
      ? Routes.applicationGuildCommands(applicationId, guildId)
      : Routes.applicationCommands(applicationId);
    const saved = (await rest.put(route, { body })) as unknown[];
    return saved.length;
  });
}

/**
 * Uploads the card pictures as application emoji, idempotently, keeping the set stored before this
 * deploy (`before`: a running bot may use it) for one more deploy; never throws for Discord's refusals.
 */
export function deployCardEmoji(
  token: string,
  applicationId: string,
  images: readonly CardImage[],
  restApi?: string,
  before: ReadonlyMap<string, CardEmoji> = new Map(),
): Promise<EmojiSync> {
  return withRest(token, restApi, (rest) => syncCardEmoji(rest, applicationId, images, before));
}

/** The summary a person reads: one line of counts, then each problem and what it means for the bot. */
export function emojiReport(sync: EmojiSync, cards: number): string[] {
  if (!sync.listed)
    return [
      "Card emoji: nothing changed (Discord did not list the application's emoji).",
      ...sync.problems,
      'The card emoji stored before are kept as they were: run npm run deploy-commands again once Discord answers.',
    ];
  const deleted = sync.deleted > 0 ? `; deleted ${sync.deleted} no longer in use` : '';
  const lines = [
    `Card emoji: kept ${sync.kept}, uploaded ${sync.uploaded}, replaced ${sync.replaced}${deleted}.`,
  ];
  lines.push(...sync.problems);
  if (sync.behind > 0)
    lines.push(
      `${sync.behind} of ${cards} cards keep their older picture until their new one is uploaded (fix the above, then run npm run deploy-commands again).`,
    );
  if (sync.faces.size < cards)
    lines.push(
      `Only ${sync.faces.size} of ${cards} cards have their emoji: the bot shows cards as text until all do (fix the above, then run npm run deploy-commands again).`,
    );
  return lines;
}
