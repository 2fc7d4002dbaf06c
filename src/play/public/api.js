/** The page's calls to its own server: JSON in, JSON out, refusals as errors in the server's words. */
import { t } from './words.js';

async function call(path, init) {
  let response;
  try {
    response = await fetch(path, { cache: 'no-store', ...init });
  } catch {
    throw new Error(t('unreachable'));
  }
  let body = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: said below with the status.
  }
  if (!response.ok || !body || body.ok === false) {
    // A refusal with a code is said in the page's own words (its language); others as the server said them.
    if (body && body.code === 'stale') throw new Error(t('staleControl'));
    const said = body && typeof body.error === 'string' && body.error !== '' ? body.error : null;
    throw new Error(said ?? t('serverAnswered', { status: `${response.status} ${response.statusText}` }));
  }
  return body;
}

export function getJson(path) {
  return call(path, { method: 'GET' });
}

export function postJson(path, body) {
  return call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
