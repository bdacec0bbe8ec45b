import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Serious and critical violations fail; the rest are printed, so the counts show in the report. */
export async function scan(page: Page, screen: string) {
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
