/**
 * English texts: the slash commands' descriptions, options and choices (`cmd.<command>[.<sub>][.<option>[.<choice>]]`),
 * their answers (`cmd.reply.*`), `/help` and `/rules`.
 */
export const commands = {
  // Shared by several commands.
  'cmd.opt.seat': 'Seat 1-4',
  'cmd.opt.matchNumber': 'The match number',
  'cmd.timer.off': 'off: no turn timer',
  'cmd.timer.30s': '30s: 30 seconds a decision',
  'cmd.timer.60s': '60s: 1 minute a decision',
  'cmd.timer.2m': '2m: 2 minutes a decision',
  'cmd.timer.5m': '5m: 5 minutes a decision',
  'cmd.pace.quick': 'quick: bots wait half as long before each move',
  'cmd.pace.normal': 'normal: about a second before each bot move',
  'cmd.pace.slow': 'slow: bots wait twice as long before each move',

  // /table
  'cmd.table': 'Open and run a Tichu table in this channel',
  'cmd.table.create': 'Open a table in this channel; you are its host',
  'cmd.table.create.target': 'Points to win the match (default 1000)',
  'cmd.table.create.seating': 'Choose seats yourselves, or shuffle them at the start',
  'cmd.table.create.seating.chosen': 'chosen by players',
  'cmd.table.create.seating.random': 'random',
  'cmd.table.create.late-calls': 'Allow Tichu after someone is out (default yes)',
  'cmd.table.create.optional-wish': 'The Mah Jong may name no wish (default yes)',
  'cmd.table.create.bomb-ignores-wish': 'A bomb without the wished rank is allowed (default yes)',
  'cmd.table.create.timer': 'Time for each decision before the bot makes it (default 2m)',
  'cmd.table.timer': 'Host: change the turn timer before the match starts',
  'cmd.table.timer.length': 'Time for each decision before the bot makes it',
  'cmd.table.create.pace': 'How quickly bots move while someone watches (default normal)',
  'cmd.table.pace': 'Host: change how quickly bots move (before or during a match)',
  'cmd.table.pace.speed': 'How quickly bots move while someone watches',
  'cmd.table.away':
    'Step away: the bot plays your seat until you are back (alone with bots: the match pauses)',
  'cmd.table.join': 'Sit down at this channel’s table',
  'cmd.table.join.seat': 'Seat 1-4 (1 and 3 are team A, 2 and 4 team B)',
  'cmd.table.leave': 'Leave the table before the match starts',
  'cmd.table.seat': 'Move to another free seat',
  'cmd.table.team': 'Move to a free seat of a team',
  'cmd.table.team.team': 'Team A (seats 1, 3) or B (seats 2, 4)',
  'cmd.table.team.team.A': 'A',
  'cmd.table.team.team.B': 'B',
  'cmd.table.bot': 'Host: put a bot in an empty seat, or take one out',
  'cmd.table.bot.do': 'Add or remove',
  'cmd.table.bot.do.add': 'add',
  'cmd.table.bot.do.remove': 'remove',
  'cmd.table.bot.seat': 'Seat 1-4 (for add: default the first empty one)',
  'cmd.table.bot.level': 'For add: how well the bot plays (default {level})',
  'cmd.table.bot.level.easy': '{level}: for new players',
  'cmd.table.bot.level.normal': '{level}: a solid club player',
  'cmd.table.bot.level.hard': '{level}: searches ahead, slower',
  'cmd.table.bot.level.expert': '{level}: searches longest, about a second a move',
  'cmd.table.kick': 'Host: remove a player from the table before the start',
  'cmd.table.kick.player': 'Who to remove',
  'cmd.table.start': 'Host: start the match (all four seats filled)',
  'cmd.table.status': 'Show the table here again',
  'cmd.table.pause': 'Pause the match (host at once; others when all agree)',
  'cmd.table.resume': 'Resume a paused match (host at once; others when all agree)',
  'cmd.table.sit': 'Ask to take over a seat that is away or a bot’s, mid-match (the host approves)',
  'cmd.table.replace': 'Host: hand a seat that is away or a bot’s to someone, mid-match',
  'cmd.table.replace.player': 'Who takes the seat',
  'cmd.table.list': 'The tables of this server: lobbies, matches and paused matches',
  'cmd.table.list.mine': 'Only the tables where you are seated',
  'cmd.table.end': 'Host: close this table for good',

  // The other commands.
  'cmd.hand': 'Show your cards at this channel’s table (only you see them)',
  'cmd.play': 'Play cards by typing them (e.g. "7st 7jd" or "phoenix 9sw")',
  'cmd.play.cards': 'Cards like 10st Kjd mahjong phoenix; pick from the suggestions',
  'cmd.play.phoenix': 'The rank the Phoenix stands for, when it could be several (2-14)',
  'cmd.pass': 'Pass your turn in this trick',
  'cmd.tichu': 'Call Tichu: +100 if you go out first, -100 if not (before your first card)',
  'cmd.notify': 'Turn the message that tells you it is your turn on or off',
  'cmd.notify.turn': 'on or off',
  'cmd.notify.turn.on': 'on',
  'cmd.notify.turn.off': 'off',
  'cmd.leaderboard': 'This server’s Tichu leaderboard',
  'cmd.leaderboard.top': 'Show the leaderboard (only you see it)',
  'cmd.leaderboard.top.by': 'What to rank by (default: rating)',
  'cmd.leaderboard.top.by.rating': 'rating',
  'cmd.leaderboard.top.by.wins': 'wins',
  'cmd.leaderboard.top.by.winrate': 'win rate',
  'cmd.leaderboard.top.by.tichu': 'Tichu success',
  'cmd.leaderboard.visibility': 'Hide yourself from leaderboards, or show yourself again',
  'cmd.leaderboard.visibility.mode': 'hidden or shown',
  'cmd.leaderboard.visibility.mode.hidden': 'hidden',
  'cmd.leaderboard.visibility.mode.shown': 'shown',
  'cmd.stats': 'Tichu statistics on this server',
  'cmd.stats.player': 'Whose statistics (default: yours)',
  'cmd.history': 'Past Tichu matches on this server',
  'cmd.history.matches': 'The last matches of a player, or of this channel',
  'cmd.history.matches.player': 'Whose matches (default: this channel’s)',
  'cmd.history.match': 'One match, hand by hand',
  'cmd.history.match.number': 'The match number (#) from /history matches',
  'cmd.history.hand': 'Every play of one finished hand, exchanges included',
  'cmd.history.hand.hand': 'The hand number',
  'cmd.history.export': 'A finished match as a JSON file (settings, seed, every action): enough to replay it',
  'cmd.rules': 'Tichu’s rules in short',
  'cmd.help': 'How to play Tichu with this bot',

  // Answers of /notify and /table.
  'cmd.reply.notifyOn': 'I will mention you when it is your turn.',
  'cmd.reply.notifyOff': 'No more turn messages for you.',
  'cmd.reply.joined': 'You are seated. The host starts when all four seats are filled.',
  'cmd.reply.left': 'You left the table.',
  'cmd.reply.seatChanged': 'Seat changed.',
  'cmd.reply.team': 'You are in team {team}.',
  'cmd.reply.botAdded.easy': 'An easy bot sits down.',
  'cmd.reply.botAdded.normal': 'A normal bot sits down.',
  'cmd.reply.botAdded.hard': 'A hard bot sits down.',
  'cmd.reply.botAdded.expert': 'An expert bot sits down. It thinks about a second a move.',
  'cmd.reply.botRemoved': 'The bot left.',
  'cmd.reply.kicked': '{name} was removed from the table.',
  'cmd.reply.timer': 'Turn timer: {timer}.',
  'cmd.reply.pace': 'Bots’ pace: {pace}.',
  'cmd.reply.started': 'The match begins! Click **My hand** on the table message to see your cards.',
  'cmd.reply.paused': 'The match is paused.',
  'cmd.reply.resumed': 'The match is resumed.',
  'cmd.reply.voteCounted': 'Your request is counted ({votes}/{needed}).',
  'cmd.reply.awayAll':
    'You are away, and so is everyone else: the match is paused. It goes on when someone clicks **I’m back** on their panel, or with /table resume.',
  'cmd.reply.away':
    'You are away: the bot plays your seat until you click **I’m back** on your panel (or act).',
  'cmd.reply.closed': 'The table is closed.',
  'cmd.reply.replaced':
    '🔁 <@{user}> now holds seat {seat}, handed over by the host. Click **My hand** on the table message to play.',
  'cmd.reply.replacedWas':
    '🔁 <@{user}> now holds seat {seat} (was {was}), handed over by the host. Click **My hand** on the table message to play.',
  'cmd.reply.statusRecent':
    'It was posted in the channel less than 30 seconds ago, so here is a copy only you see.',
  'cmd.reply.statusNotSeated':
    'Only its players and host can post it in the channel again, so here is a copy only you see.',
  'cmd.reply.status': 'Here is the table.',

  // /help: one paragraph a key, then the symbols' embed.
  'cmd.help.start':
    '**Start**: `/table create` opens a table here (you host). Others click **Join** or use `/table join`. Fill empty seats with `/table bot do:add level:easy|normal|hard|expert` (easy for new players, normal a solid club player, hard searches ahead and takes a moment, expert searches longest). The host clicks **Start**.',
  'cmd.help.play':
    '**Play**: click **My hand** on the table message: only you see your cards. Pick a play from the list (one click), or pick cards and press **Play**. **Pass**, **Tichu!** (it asks before it calls) and **Bomb!** are there too. Typing works: `/play cards:7st 7jd`, `/pass`, `/tichu`, `/hand`.',
  'cmd.help.panels':
    '**Panels** follow the game: your newest one updates itself, with the score, the cards left and the calls, so your turn finds your plays ready. Idle 15 minutes? Open **My hand** again. The table message logs the trick (🏁 marks someone’s last cards), and each hand’s summary tells every trick.',
  'cmd.help.clock':
    '**Clock**: each decision has a timer (`/table create timer:`, default 2 minutes; the host changes it with `/table timer`). When it runs out, the bot decides for you; twice in a row, or `/table away`, and the bot plays your seat until you click **I’m back** on your panel.',
  'cmd.help.pace':
    '**Bots take their time** while a person watches: about a second before each bot move of the play (the host picks `quick` or `slow` with `/table pace`), so every play shows. Holding a bomb? Press **Bomb!** on your panel before the next bot moves: it is dropped there and then.',
  'cmd.help.takeOver':
    '**Taking over a seat**: an away or bot seat can pass to someone not seated: **Take seat** on the table message or `/table sit seat:N` asks the host (host away: everyone present approves); they play from its next decision. The host can hand one directly: `/table replace`. A match with a substitute is unrated.',
  'cmd.help.host':
    '**Host**: `/table pause`, `/table resume`, `/table end`, `/table kick`. Others can pause or resume when all agree. A lobby nobody touches for 24 hours closes itself.',
  'cmd.help.finding':
    '**Finding tables**: `/table list [mine:true]` shows this server’s lobbies, matches and paused matches; resume a paused one with `/table resume` in its channel.',
  'cmd.help.competition':
    "**Competition**: `/leaderboard top` ranks this server (by rating, wins, win rate or Tichu success; `/leaderboard visibility` hides you), `/stats` shows yours or a member's (rated matches and casual ones, with bots or substitutes, apart), `/history` lists matches, replays a match hand by hand and exports it.",
  'cmd.help.notify': '`/notify turn:off` stops the turn messages. `/rules` for the rules.',
  'cmd.help.title': 'How to play Tichu here',
  'cmd.help.symbolsTitle': 'What the symbols mean',
  'cmd.help.symbolsCards':
    '**Cards**\n🟢 jade · ⚫ swords · 🔵 pagodas · 🔴 stars: the suit, then the rank (2-10, J, Q, K, A). 🔴Q is the Queen of stars.\n🀄 Mah Jong (the 1) · 🐕 Dog · 🔥 Phoenix · 🐉 Dragon: the four special cards.\nCards are always shown in the order players hold them: Dog, Mah Jong, 2 … A, Phoenix, Dragon.\nTyping (`/play`): rank and suit code, `jd` jade, `sw` swords, `pg` pagodas, `st` stars (`10st`, `Kjd`), or `mahjong`, `dog`, `phoenix`, `dragon`; `as:9` says what the Phoenix stands for.',
  'cmd.help.symbolsPlays':
    '**Plays**\n`single K`: one card · `pair 7`: two of a rank · `triple 9`: three of a rank\n`full house 8s over 3s`: three 8s and two 3s\n`straight 2-6`: five or more ranks in a row (`1` is the Mah Jong: `straight 1-5`)\n`pairs 5-5-6-6`: pairs of neighbouring ranks\n`bomb: four 9s`, `bomb: straight flush 3-7`: bombs, which beat any other play and may be played out of turn\n`(Phoenix as 9)`: the rank the Phoenix stands for in that play',
  'cmd.help.symbolsTable':
    '**The table message**\n🟦 / 🟧: the two teams (seats 1 and 3, seats 2 and 4), with their score\n▶️: who plays or leads · ◀️: whose decision the table is waiting for\n⏰: when the time for a decision runs out, or who ran out of time and what the bot did for them\n💤 / `away (bot playing)`: the player stepped away; the bot plays their seat until they are back\n`out #1`, `out #2`…: the order in which players went out\n**Tichu!** / **Grand Tichu!**: that player called Tichu (100 points) or Grand Tichu (200 points)\n`On the table`: the trick so far, each play with its cards and who passed after it · `Last trick`: who took it, with what\n🀄 in `Wish`: the rank the Mah Jong asked for · ⏸️ paused · 🏆 the winners · 🙋 **Take seat**: ask to take over an away or bot seat\nHand summaries: ✅ made, ❌ failed (a Tichu call); `+100 — -25`: the hand’s points per team.',

  // /rules: one paragraph a key.
  'cmd.rules.teams':
    '**Tichu** — two teams of two (seats 1 & 3 against 2 & 4). First team to the target (1000) wins.',
  'cmd.rules.deal':
    '**Deal**: 8 cards, then you may call **Grand Tichu** (+/-200); then 6 more. Pass one card to each other player.',
  'cmd.rules.play':
    '**Play**: the Mah Jong holder leads. Beat the last play with the same kind and length, higher, or pass. When all others pass, the last player takes the trick and leads.',
  'cmd.rules.combos':
    '**Combinations**: single, pair, triple, full house, straight (5+), pairs in a row. **Bombs** (four of a kind, straight flush of 5+) beat anything, even out of turn.',
  'cmd.rules.specials':
    '**Specials**: Mah Jong (1, leads first, names a **wish**: that rank must be played when possible) · Dog (lead only: your partner leads) · Phoenix (wild in combinations; alone: half a rank above the last single; -25 points) · Dragon (highest single, +25, but you give that trick to an opponent).',
  'cmd.rules.tichu': '**Tichu** (+/-100): call it before your first card if you think you will go out first.',
  'cmd.rules.scoring':
    '**Scoring**: 5s are 5, 10s and Kings 10. The last player out gives their tricks to the first out and their hand to the opponents. Both partners out first: 200 points, nothing else counted.',
} as const;
