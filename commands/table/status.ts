/**
 * `/table status`: the table message posted anew in the channel, at most once per 30 seconds per
 * table and only for a seated player or the host; anyone else, or anyone within the 30 seconds,
 * gets the table as a copy only they see. So nobody can flood a channel with table messages.
 */
import type { TableService } from '../../src/app/tableService.js';
import { textDisplay, v2Options } from '../../src/discord/componentsV2.js';
import { EPHEMERAL } from '../../src/discord/renderPanel.js';
import { renderTable } from '../../src/discord/renderTable.js';
import { type Outcome, refuse } from '../../src/discord/respond.js';
import { t } from '../../src/i18n/index.js';
import type { Here } from './here.js';

export const REPOST_EVERY_MS = 30_000;

/** When each table was last posted anew, per bot (its service): in memory, like the 30 s it guards. */
const lastPosts = new WeakMap<TableService, Map<string, number>>();

export async function status(here: Here): Promise<Outcome> {
  const { interaction, ctx, tableId, actor } = here;
  const snapshot = ctx.service.tableView(tableId);
  if (!snapshot.ok) return refuse(ctx, interaction, snapshot.error, tableId);
  const { table } = snapshot.value;
  const seated = table.seats.some((o) => o?.kind === 'user' && o.userId === actor.userId);
  const mayPost = seated || table.hostId === actor.userId;
  const posts = lastPosts.get(ctx.service) ?? new Map<string, number>();
  lastPosts.set(ctx.service, posts);
  const now = ctx.now();
  const last = posts.get(tableId);
  const recent = last !== undefined && now - last < REPOST_EVERY_MS;
  if (!mayPost || recent) {
    const why = t(here.ui.lang, mayPost ? 'cmd.reply.statusRecent' : 'cmd.reply.statusNotSeated');
    const copy = renderTable(snapshot.value, here.ui);
    // A V2 message has no content: the sentence is a text above the table's container.
    const withWhy = { ...copy, components: [textDisplay(why), ...copy.components] };
    await interaction.reply(v2Options(withWhy, { extraFlags: EPHEMERAL }));
    return { result: mayPost ? 'shown_recently_posted' : 'shown_not_seated', tableId };
  }
  forgetOld(posts, now);
  posts.set(tableId, now);
  // Answer first (the post may wait in discord.js's queue), then post the table anew.
  await interaction.reply({ content: t(here.ui.lang, 'cmd.reply.status'), flags: EPHEMERAL });
  ctx.tableMessages.repost(tableId);
  return { result: 'ok', tableId };
}

/** Entries older than the 30 s say nothing any more: dropped, so the map stays as small as the activity. */
function forgetOld(posts: Map<string, number>, now: number): void {
  if (posts.size < 100) return;
  for (const [id, at] of posts) if (now - at >= REPOST_EVERY_MS) posts.delete(id);
}
