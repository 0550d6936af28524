/**
 * The extension's settings (package.json → contributes.configuration), read in one place.
 * Resource-scoped settings are read for the document's URI (folder settings apply).
 */
import * as vscode from 'vscode';
import type { Game } from '../formats/game';
import { DEFAULT_FRAME_RATE, ViewSettings } from '../wire/protocol';

export const SECTION = 'animscope';
export const SETTING_DIAGNOSTICS_ENABLED = 'diagnostics.enabled';
export const SETTING_SEVERITY_OVERRIDES = 'diagnostics.severityOverrides';
export const SETTING_FRAME_RATE = 'playback.frameRate';

export type SeverityOverride = 'error' | 'warning' | 'information' | 'hint' | 'off';
const OVERRIDES: readonly string[] = ['error', 'warning', 'information', 'hint', 'off'];

export const MIN_FRAME_RATE = 1;
export const MAX_FRAME_RATE = 240;

export interface DiagnosticsSettings {
  enabled: boolean;
  /** Code → severity; only well-formed entries (a hand-edited settings.json may hold anything). */
  overrides: ReadonlyMap<string, SeverityOverride>;
}

export function diagnosticsSettings(scope?: vscode.Uri): DiagnosticsSettings {
  const config = vscode.workspace.getConfiguration(SECTION, scope);
  const raw = config.get<unknown>(SETTING_SEVERITY_OVERRIDES);
  const overrides = new Map<string, SeverityOverride>();
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    for (const [code, value] of Object.entries(raw)) {
      if (typeof value === 'string' && OVERRIDES.includes(value)) overrides.set(code, value as SeverityOverride);
    }
  }
  return { enabled: config.get<boolean>(SETTING_DIAGNOSTICS_ENABLED, true) !== false, overrides };
}

/**
 * The playback rate: animscope.playback.frameRate when the user set it; otherwise the rate of the
 * game the file was recognised as (Galaxy: 60); otherwise the setting's default (30).
 */
export function viewSettings(scope?: vscode.Uri, game?: Game): ViewSettings {
  const inspected = vscode.workspace.getConfiguration(SECTION, scope).inspect<unknown>(SETTING_FRAME_RATE);
  const set = inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue;
  const clamp = (n: number): number => Math.min(MAX_FRAME_RATE, Math.max(MIN_FRAME_RATE, n));
  if (typeof set === 'number' && Number.isFinite(set)) return { frameRate: clamp(set), frameRateSource: 'setting' };
  if (game) return { frameRate: game.fps, frameRateSource: game.name };
  return { frameRate: DEFAULT_FRAME_RATE, frameRateSource: 'default' };
}

export function affectsDiagnostics(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration(`${SECTION}.${SETTING_DIAGNOSTICS_ENABLED}`) ||
    e.affectsConfiguration(`${SECTION}.${SETTING_SEVERITY_OVERRIDES}`);
}

export function affectsView(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration(`${SECTION}.${SETTING_FRAME_RATE}`);
}
