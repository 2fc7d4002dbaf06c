/** Registering the slash commands: to one server while developing (instant), or globally. */
import { REST, Routes } from 'discord.js';
import { COMMANDS } from '../../commands/index.js';

export async function registerCommands(
  token: string,
  applicationId: string,
  guildId?: string,
  restApi?: string,
): Promise<number> {
  const rest = new REST(restApi ? { api: restApi } : {}).setToken(token);
  const body = COMMANDS.map((command) => command.data.toJSON());
  const route = guildId
    ? Routes.applicationGuildCommands(applicationId, guildId)
    : Routes.applicationCommands(applicationId);
  const saved = (await rest.put(route, { body })) as unknown[];
  return saved.length;
}
