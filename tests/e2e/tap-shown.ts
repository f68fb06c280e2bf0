import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Taps `tapped` while its island waits for React (holdReact) and checks the tap is shown at
 * once: `tapped` takes the look of `current`, the control the server marked chosen, which
 * takes the look `tapped` had. `look`: the computed styles that tell chosen from not.
 */
export async function expectTapShownAtOnce(
  current: Locator,
  tapped: Locator,
  look: ('backgroundColor' | 'borderBottomColor' | 'color')[],
): Promise<void> {
  const styleOf = (control: Locator) =>
    control.evaluate(
      (element, properties) => properties.map((property) => getComputedStyle(element)[property]).join(' '),
      look,
    );
  const chosen = await styleOf(current);
  const unchosen = await styleOf(tapped);
  expect(chosen).not.toBe(unchosen);
  await tapped.click();
  await expect(styleOf(tapped)).resolves.toBe(chosen);
  await expect(styleOf(current)).resolves.toBe(unchosen);
}
