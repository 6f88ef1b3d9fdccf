/**
 * Helpers of the store locator and delivery end-to-end suites (e2e/locator.spec.ts, e2e/delivery.spec.ts).
 */
import type { Page } from '@playwright/test';
import { test } from './fixtures.ts';

/**
 * Runs the page without WebGL: the locator then shows its "Map unavailable" note and the list works the
 * same. The offline map in software WebGL (SwiftShader) takes most of the CPU of two cores: with it, tests
 * that are not about the map took 3 to 4 times longer. Tests about the map (markers, selection from the map,
 * zoom, the nearest store, details) do not call this.
 */
export async function withoutMap(page: Page) {
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
      configurable: true,
      value: function (this: HTMLCanvasElement, type: string, options?: unknown) {
        return /webgl/i.test(type) ? null : original.call(this, type as '2d', options as CanvasRenderingContext2DSettings);
      },
    });
  });
}

/** A screenshot into the test's output folder (test-results/<test>/<name>.png). */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}
