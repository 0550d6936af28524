/**
 * The extension's settings (package.json → contributes.configuration), read in one place.
 * Resource-scoped settings are read for the document's URI (folder settings apply).
 */
import * as vscode from 'vscode';
import type { ViewSettings } from '../wire/protocol';

export const SECTION = 'animscope';
export const SETTING_DIAGNOSTICS_ENABLED = 'diagnostics.enabled';
export const SETTING_SEVERITY_OVERRIDES = 'diagnostics.severityOverrides';
export const SETTING_FRAME_RATE = 'playback.frameRate';

export type SeverityOverride = 'error' | 'warning' | 'information' | 'hint' | 'off';
const OVERRIDES: readonly string[] = ['error', 'warning', 'information', 'hint', 'off'];

export const DEFAULT_FRAME_RATE = 30;
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

export function viewSettings(scope?: vscode.Uri): ViewSettings {
  const raw = vscode.workspace.getConfiguration(SECTION, scope).get<unknown>(SETTING_FRAME_RATE, DEFAULT_FRAME_RATE);
  const n = typeof raw === 'number' && Number.isFinite(raw) ? raw : DEFAULT_FRAME_RATE;
  return { frameRate: Math.min(MAX_FRAME_RATE, Math.max(MIN_FRAME_RATE, n)) };
}

export function affectsDiagnostics(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration(`${SECTION}.${SETTING_DIAGNOSTICS_ENABLED}`) ||
    e.affectsConfiguration(`${SECTION}.${SETTING_SEVERITY_OVERRIDES}`);
}

export function affectsView(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration(`${SECTION}.${SETTING_FRAME_RATE}`);
}
