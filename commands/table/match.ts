/** /table during a match: start, status, pause, resume, away, end. */
import { EPHEMERAL } from '../../src/discord/renderPanel.js';
import { afterAction, type Outcome, refuse } from '../../src/discord/respond.js';
import type { Here } from './here.js';
import { status } from './status.js';

export const MATCH_SUBCOMMANDS = ['start', 'status', 'pause', 'resume', 'away', 'end'] as const;
export type MatchSubcommand = (typeof MATCH_SUBCOMMANDS)[number];

export async function matchCommand(sub: MatchSubcommand, here: Here): Promise<Outcome> {
  const { interaction, ctx, tableId, actor } = here;
  switch (sub) {
    case 'start': {
      const r = ctx.service.start(tableId, actor);
      if (!r.ok) return refuse(ctx, interaction, r.error, tableId);
      ctx.notifier.afterAction(r.value, actor.userId);
      return here.say('The match begins! Click **My hand** on the table message to see your cards.');
    }
    case 'status':
      return status(here);
    case 'pause':
    case 'resume': {
      const r = sub === 'pause' ? ctx.service.pause(tableId, actor) : ctx.service.resume(tableId, actor);
      if (!r.ok) return refuse(ctx, interaction, r.error, tableId);
      const verb = sub === 'pause' ? 'paused' : 'resumed';
      return here.say(
        r.value.changed
          ? `The match is ${verb}.`
          : `Your request is counted (${r.value.votes}/${r.value.needed}).`,
      );
    }
    case 'away': {
      const r = ctx.service.goAway(tableId, actor);
      if (!r.ok) return refuse(ctx, interaction, r.error, tableId);
      try {
        await interaction.reply({
          content:
            r.value.table.status === 'paused'
              ? 'You are away, and so is everyone else: the match is paused. Resume with /table resume.'
              : 'You are away: the bot plays your seat until you click **I’m back** on your panel (or act).',
          flags: EPHEMERAL,
        });
      } finally {
        afterAction(ctx, r.value, actor.userId);
      }
      return { result: 'ok', tableId };
    }
    case 'end': {
      const r = ctx.service.abandon(tableId, actor);
      return r.ok ? here.say('The table is closed.') : refuse(ctx, interaction, r.error, tableId);
    }
  }
}
