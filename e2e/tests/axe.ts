import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Serious and critical violations fail; the rest are printed, so the counts show in the report. Axe
 * reads colours as drawn at that moment, so it starts once no transition or animation with an end is
 * running: a toast fading out read as grey on grey (CI's live.spec failure), a colour on its way as
 * neither one. Endless ones (the skeleton's pulse) are not waited for.
 */
export async function scan(page: Page, screen: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter(
                (animation) =>
                  animation.playState === 'running' &&
                  animation.effect?.getComputedTiming().endTime !== Infinity,
              ).length,
        ),
      { message: `${screen}: transitions still running before the axe scan` },
    )
    .toBe(0);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'])
    .analyze();
  for (const violation of violations) {
    console.log(
      `axe ${screen}: ${violation.impact} ${violation.id} (${violation.nodes.length}) ${violation.nodes
        .slice(0, 2)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
    );
  }
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      blocking.map((v) => `${v.id}: ${v.help}`),
      `${screen}`,
    )
    .toEqual([]);
}
