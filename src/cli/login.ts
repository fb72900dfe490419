/**
 * `tote login`: exchanges the app owner's username and password for the
 * refresh token (`POST /v1/login`; only the App Owner can mint tokens, and
 * the refresh token does not expire), and prints the line to put in the
 * BFF's environment. The password is read without echo (or taken from
 * `SERVICE_PASSWORD`) and never printed.
 */
import { serviceFromEnv } from '../bff/config.js';
import { loginWithPassword } from '../contract/token.js';
import { ask, askSecret, option, type CliIo } from './io.js';

export async function login(io: CliIo, args: readonly string[]): Promise<number> {
  const service = serviceFromEnv(io.env);
  const username = option(args, 'username') ?? (io.env.SERVICE_USERNAME?.trim() || (await ask(io, "Username (the app owner's email): ")));
  const password = io.env.SERVICE_PASSWORD || (await askSecret(io, 'Password: '));
  if (!username || !password) {
    io.err('tote login: a username and a password are needed');
    return 2;
  }
  const answer = await loginWithPassword({ baseUrl: service.serviceBaseUrl, appId: service.appId, appSecret: service.appSecret, headerPrefix: service.headerPrefix, username, password });
  if (!answer.refresh_token) {
    io.err('tote login: the service answered without a refresh token; is this account the App Owner?');
    return 1;
  }
  io.err(`Logged in to ${service.serviceBaseUrl} for app ${service.appId}. Put this line in the BFF's environment (a secret; it does not expire):`);
  io.out(`SERVICE_REFRESH_TOKEN=${answer.refresh_token}`);
  return 0;
}
