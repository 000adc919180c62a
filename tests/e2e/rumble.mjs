// What Rumble's browser tests share: answering the allocation screen.

/**
 * Allocates everything as an Attack on the first hero offered, for every hero on the screen:
 * a game ends within a round or two.
 */
export async function allOut(page) {
  for (const form of await page.$$('[data-testid^="alloc-"][data-hero]')) {
    const energy = Number(await form.getAttribute('data-energy'));
    const targets = await form.$$('[data-testid^="attack-"]');
    if (targets.length && energy > 0) await targets[0].fill(String(energy));
  }
  await page.click('[data-testid="submit-allocation"]');
}
