/**
 * What the editing page suites share: the file and track they edit, and how they read the page.
 * 2ndDemo.bck shows joint 1 first (group 1: joint 0 does not move). Its track 4, rotation.y, has
 * 4 keys (the first at frame 0, value 0; the second at frame 87, 351.903076171875°); the other
 * eight tracks hold one key each (FORMATS.md ANK1: count 1 = a constant).
 */
import * as path from 'path';
import { PROJECT_ROOT } from '../app-page/build';
import type { Page } from './browser';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type W = any;
export const BCK = 'j3d/smg/TripodBossCore/2ndDemo.bck';
export const GROUP = 1;
export const TRACK = 4;
export const ARTIFACTS = path.join(PROJECT_ROOT, 'test-artifacts', 'editing');

/** The `edit` messages the page sent to the fake host. */
export const edits = (page: Page): Promise<W[]> => page.evaluate(() => (window as W).fakeHost.sent.filter((m: W) => m.type === 'edit').map((m: W) => ({ label: m.label, edits: m.edits })));

/** A key's dot on the page (client px). */
export const keyAt = (page: Page, track: number, key: number): Promise<{ x: number; y: number }> => page.evaluate(([t, k]) => {
  const curves = (window as W).animscopeApp.panel('curves').deck.curves;
  const p = curves.keyScreenPosition(t, k);
  const r = curves.overlay.getBoundingClientRect();
  return { x: r.left + p.x, y: r.top + p.y };
}, [track, key]);

/** The point of `track`'s curve at `frame` (client px) and its value there. */
export const curvePointAt = (page: Page, track: number, frame: number): Promise<{ x: number; y: number; value: number }> => page.evaluate(([t, f]) => {
  const curves = (window as W).animscopeApp.panel('curves').deck.curves;
  const r = curves.overlay.getBoundingClientRect();
  const lane = curves.scale.lanes.find((l: W) => l.tracks.includes(t));
  const described = (window as W).animscopeApp.panel('curves').tracks[t];
  return { x: r.left + curves.scale.frameToX(f), y: r.top + curves.scale.valueToY(lane, described.evaluate(f)), value: described.evaluate(f) };
}, [track, frame]);

/** Replaces the text of the focused input with `text`, as typing over a selection does. */
export async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}
