/** /table during a match: start, status, pause, resume, away, end. */
import { EPHEMERAL } from '../../src/discord/renderPanel.js';
import { afterAction, type Outcome, refuse } from '../../src/discord/respond.js';
import { t } from '../../src/i18n/index.js';
import type { Here } from './here.js';
import { status } from './status.js';

export const MATCH_SUBCOMMANDS = ['start', 'status', 'pause', 'resume', 'away', 'end'] as const;
export type MatchSubcommand = (typeof MATCH_SUBCOMMANDS)[number];

export async function matchCommand(sub: MatchSubcommand, here: Here): Promise<Outcome> {
  const { interaction, ctx, tableId, actor } = here;
  const { lang } = here.ui;
  switch (sub) {
    case 'start': {
      const r = ctx.service.start(tableId, actor);
      if (!r.ok) return refuse(ctx, interaction, r.error, tableId);
      ctx.notifier.afterAction(r.value, actor.userId);
      return here.say(t(lang, 'cmd.reply.started'));
    }
    case 'status':
      return status(here);
    case 'pause':
    case 'resume': {
      const r = sub === 'pause' ? ctx.service.pause(tableId, actor) : ctx.service.resume(tableId, actor);
      if (!r.ok) return refuse(ctx, interaction, r.error, tableId);
      return here.say(
        r.value.changed
          ? t(lang, sub === 'pause' ? 'cmd.reply.paused' : 'cmd.reply.resumed')
          : t(lang, 'cmd.reply.voteCounted', { votes: r.value.votes, needed: r.value.needed }),
      );
    }
    case 'away': {
      const r = ctx.service.goAway(tableId, actor);
      if (!r.ok) return refuse(ctx, interaction, r.error, tableId);
      try {
        await interaction.reply({
          content: t(lang, r.value.table.status === 'paused' ? 'cmd.reply.awayAll' : 'cmd.reply.away'),
          flags: EPHEMERAL,
        });
      } finally {
        afterAction(ctx, r.value, actor.userId);
      }
      return { result: 'ok', tableId };
    }
    case 'end': {
      const r = ctx.service.abandon(tableId, actor);
      return r.ok ? here.say(t(lang, 'cmd.reply.closed')) : refuse(ctx, interaction, r.error, tableId);
    }
  }
}
