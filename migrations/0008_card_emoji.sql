-- Card emoji: the application emoji `npm run deploy-commands` uploaded for each card (issue 14), by
-- application, so the bot shows cards as pictures. Each deploy replaces an application's rows whole;
-- the bot uses them only when every card has one (else cards show as text).
CREATE TABLE card_emoji (
  application_id TEXT NOT NULL,
  card TEXT NOT NULL,
  emoji_id TEXT NOT NULL,
  emoji_name TEXT NOT NULL,
  PRIMARY KEY (application_id, card)
) STRICT;
