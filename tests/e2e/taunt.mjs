// What every TAUNT browser test shares: the move a test player picks from the hand.
import assert from 'node:assert/strict';

/**
 * The hand's card a test player picks at `step`: a card that would deal damage now when there
 * is one (the hand says "N damage → …"), so the fight moves on, and now and then a Charge (only
 * charged moves carry much Peril: at L0 a fight can go on for ever).
 */
export async function tauntMove(page, step) {
  const playable = await page.$$('[data-testid="hand"] button:not([disabled])');
  assert.ok(playable.length > 0, 'a move to pick');
  const texts = await Promise.all(playable.map((b) => b.textContent()));
  const hitting = playable.filter((_, i) => /damage →/.test(texts[i]));
  const charge = playable.filter((_, i) => /Charge to L/.test(texts[i]));
  const pool = charge.length > 0 && step % 3 === 0 ? charge : hitting.length > 0 && step % 5 !== 0 ? hitting : playable;
  return pool[step % pool.length];
}
