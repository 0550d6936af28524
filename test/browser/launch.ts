/**
 * How every chromium suite (test/webview, test/webview-curves, test/webview-render, test/app-page)
 * launches its browser: Debian's chromium through the playwright-core that test/host/setup.sh
 * installs, headless. `$CHROMIUM_PATH` (or `$CHROMIUM`) names another chromium.
 */
import { loadPlaywright } from '../host/playwright';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROMIUM ?? '/usr/bin/chromium';

/** No GPU, no sandbox (containers). */
export const NO_GPU = ['--no-sandbox', '--disable-gpu'] as const;
/** No GPU, and font hinting off so text measures the same everywhere (layout and screenshot suites). */
export const NO_GPU_STABLE_FONTS = [...NO_GPU, '--font-render-hinting=none'] as const;
/** WebGL2 in software (SwiftShader): the model preview without a GPU. */
export const SOFTWARE_WEBGL = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] as const;

/** A headless chromium with `args`; `B` is the structural type of the browser the suite uses. */
export async function launchChromium<B>(args: readonly string[]): Promise<B> {
  const { chromium } = loadPlaywright<{ chromium: { launch(o: { executablePath: string; args: string[]; headless: boolean }): Promise<B> } }>();
  return chromium.launch({ executablePath: CHROMIUM, args: [...args], headless: true });
}
