/** /help: what the commands do and how a match goes, and what every symbol and label means. */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import type { Outcome } from '../src/discord/respond.js';

export const data = new SlashCommandBuilder()
  .setName('help')
  .setDescription('How to play Tichu with this bot');

export const HELP_TEXT = [
  '**Start**: `/table create` opens a table here (you host). Others click **Join** or use `/table join`. Fill empty seats with `/table bot do:add level:easy|normal|hard` (easy for new players, normal a solid club player, hard searches ahead and takes a moment). The host clicks **Start**.',
  '**Play**: click **My hand** on the table message: only you see your cards. Pick a play from the list (one click), or pick cards and press **Play**. **Pass**, **Tichu!** and **Bomb!** are there too. Typing works: `/play cards:7st 7jd`, `/pass`, `/tichu`, `/hand`.',
  '**Panels** follow the game: your newest one updates itself, so your turn finds your plays ready. Idle 15 minutes? Open **My hand** again.',
  '**Clock**: each decision has a timer (`/table create timer:`, default 2 minutes; the host changes it with `/table timer`). When it runs out, the bot decides for you; twice in a row, or `/table away`, and the bot plays your seat until you click **I’m back** on your panel.',
  '**Taking over a seat**: an away or bot seat can pass to someone not seated: **Take seat** on the table message or `/table sit seat:N` asks the host (host away: everyone present approves); they play from its next decision. The host can hand one directly: `/table replace`. A match with a substitute is unrated.',
  '**Host**: `/table pause`, `/table resume`, `/table end`, `/table kick`. Others can pause or resume when all agree. A lobby nobody touches for 24 hours closes itself.',
  '**Finding tables**: `/table list [mine:true]` shows this server’s lobbies, matches and paused matches; resume a paused one with `/table resume` in its channel.',
  "**Competition**: `/leaderboard top` ranks this server (by rating, wins, win rate or Tichu success; `/leaderboard visibility` hides you), `/stats` shows yours or a member's, `/history` lists matches, replays a match hand by hand and exports it.",
  '`/notify turn:off` stops the turn messages. `/rules` for the rules.',
].join('\n');

/**
 * Every card symbol, play label and table-message mark the bot uses (cardText.ts, renderTable.ts,
 * renderPanel.ts, renderStory.ts), in an embed: its description may hold 4,096 characters.
 */
export const SYMBOLS_TEXT = [
  '**Cards**',
  '🟢 jade · ⚫ swords · 🔵 pagodas · 🔴 stars: the suit, then the rank (2-10, J, Q, K, A). 🔴Q is the Queen of stars.',
  '🀄 Mah Jong (the 1) · 🐕 Dog · 🔥 Phoenix · 🐉 Dragon: the four special cards.',
  'Cards are always shown in the order players hold them: Dog, Mah Jong, 2 … A, Phoenix, Dragon.',
  'Typing (`/play`): rank and suit code, `jd` jade, `sw` swords, `pg` pagodas, `st` stars (`10st`, `Kjd`), or `mahjong`, `dog`, `phoenix`, `dragon`; `as:9` says what the Phoenix stands for.',
  '',
  '**Plays**',
  '`single K`: one card · `pair 7`: two of a rank · `triple 9`: three of a rank',
  '`full house 8s over 3s`: three 8s and two 3s',
  '`straight 2-6`: five or more ranks in a row (`1` is the Mah Jong: `straight 1-5`)',
  '`pairs 5-5-6-6`: pairs of neighbouring ranks',
  '`bomb: four 9s`, `bomb: straight flush 3-7`: bombs, which beat any other play and may be played out of turn',
  '`(Phoenix as 9)`: the rank the Phoenix stands for in that play',
  '',
  '**The table message**',
  '🟦 / 🟧: the two teams (seats 1 and 3, seats 2 and 4), with their score',
  '▶️: who plays or leads · ◀️: whose decision the table is waiting for',
  '⏰: when the time for a decision runs out, or who ran out of time and what the bot did for them',
  '💤 / `away (bot playing)`: the player stepped away; the bot plays their seat until they are back',
  '`out #1`, `out #2`…: the order in which players went out',
  '**Tichu!** / **Grand Tichu!**: that player called Tichu (100 points) or Grand Tichu (200 points)',
  '`On the table`: the trick so far, each play with its cards and who passed after it · `Last trick`: who took it, with what',
  '🀄 in `Wish`: the rank the Mah Jong asked for · ⏸️ paused · 🏆 the winners · 🙋 **Take seat**: ask to take over an away or bot seat',
  'Hand summaries: ✅ made, ❌ failed (a Tichu call); `+100 — -25`: the hand’s points per team.',
].join('\n');

export async function execute(interaction: ChatInputCommandInteraction, _ctx: BotContext): Promise<Outcome> {
  await interaction.reply({
    content: HELP_TEXT,
    embeds: [{ title: 'What the symbols mean', description: SYMBOLS_TEXT }],
    flags: EPHEMERAL,
  });
  return { result: 'ok' };
}
