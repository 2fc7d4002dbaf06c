/** /help: what the commands do and how a match goes. */
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
  '**Panels** go stale when others play: press **Refresh** or **My hand** for the current one.',
  '**Clock**: each decision has a timer (`/table create timer:`, default 2 minutes; the host changes it with `/table timer`). When it runs out, the bot decides for you; twice in a row, or `/table away`, and the bot plays your seat until you click **I’m back** on your panel.',
  '**Taking over a seat**: an away or bot seat can pass to someone not seated: **Take seat** on the table message or `/table sit seat:N` asks the host (host away: everyone present approves); they play from its next decision. The host can hand one directly: `/table replace`. A match with a substitute is unrated.',
  '**Host**: `/table pause`, `/table resume`, `/table end`, `/table kick`. Others can pause or resume when all agree. A lobby nobody touches for 24 hours closes itself.',
  '**Finding tables**: `/table list [mine:true]` shows this server’s lobbies, matches and paused matches; resume a paused one with `/table resume` in its channel.',
  "**Competition**: `/leaderboard top` ranks this server (by rating, wins, win rate or Tichu success; `/leaderboard visibility` hides you), `/stats` shows yours or a member's, `/history` lists matches, replays a match hand by hand and exports it.",
  '`/notify turn:off` stops the turn messages. `/rules` for the rules.',
].join('\n');

export async function execute(interaction: ChatInputCommandInteraction, _ctx: BotContext): Promise<Outcome> {
  await interaction.reply({ content: HELP_TEXT, flags: EPHEMERAL });
  return { result: 'ok' };
}
